// Menu icons of one sidebar group, one chunk: The workflow, the notices and the reports.
export { default as AuditOutlined } from '@ant-design/icons/es/icons/AuditOutlined';
export { default as BranchesOutlined } from '@ant-design/icons/es/icons/BranchesOutlined';
export { default as CarryOutOutlined } from '@ant-design/icons/es/icons/CarryOutOutlined';
export { default as CheckCircleOutlined } from '@ant-design/icons/es/icons/CheckCircleOutlined';
export { default as CloudServerOutlined } from '@ant-design/icons/es/icons/CloudServerOutlined';
export { default as PlayCircleOutlined } from '@ant-design/icons/es/icons/PlayCircleOutlined';
export { default as ReconciliationOutlined } from '@ant-design/icons/es/icons/ReconciliationOutlined';
export { default as ScheduleOutlined } from '@ant-design/icons/es/icons/ScheduleOutlined';
export { default as SendOutlined } from '@ant-design/icons/es/icons/SendOutlined';
