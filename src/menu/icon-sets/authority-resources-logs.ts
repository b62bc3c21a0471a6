// Menu icons of one sidebar group, one chunk: Permissions, resources and logs.
export { default as ApiOutlined } from '@ant-design/icons/es/icons/ApiOutlined';
export { default as AuditOutlined } from '@ant-design/icons/es/icons/AuditOutlined';
export { default as BugOutlined } from '@ant-design/icons/es/icons/BugOutlined';
export { default as CloudServerOutlined } from '@ant-design/icons/es/icons/CloudServerOutlined';
export { default as CommentOutlined } from '@ant-design/icons/es/icons/CommentOutlined';
export { default as DatabaseOutlined } from '@ant-design/icons/es/icons/DatabaseOutlined';
export { default as FileTextOutlined } from '@ant-design/icons/es/icons/FileTextOutlined';
export { default as PaperClipOutlined } from '@ant-design/icons/es/icons/PaperClipOutlined';
