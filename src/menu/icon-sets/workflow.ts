// Menu icons of one sidebar group, one chunk: The workflow, the notices and the reports.
export { default as CarryOutOutlined } from '@ant-design/icons/es/icons/CarryOutOutlined';
export { default as CheckCircleOutlined } from '@ant-design/icons/es/icons/CheckCircleOutlined';
export { default as PlayCircleOutlined } from '@ant-design/icons/es/icons/PlayCircleOutlined';
export { default as ReconciliationOutlined } from '@ant-design/icons/es/icons/ReconciliationOutlined';
export { default as SendOutlined } from '@ant-design/icons/es/icons/SendOutlined';
