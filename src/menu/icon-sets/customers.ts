// Menu icons of one sidebar group, one chunk: Customers.
export { default as AppstoreAddOutlined } from '@ant-design/icons/es/icons/AppstoreAddOutlined';
export { default as IdcardOutlined } from '@ant-design/icons/es/icons/IdcardOutlined';
export { default as MobileOutlined } from '@ant-design/icons/es/icons/MobileOutlined';
export { default as SolutionOutlined } from '@ant-design/icons/es/icons/SolutionOutlined';
