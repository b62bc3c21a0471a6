// Menu icons of one sidebar group, one chunk: The official account.
export { default as MenuOutlined } from '@ant-design/icons/es/icons/MenuOutlined';
export { default as MessageOutlined } from '@ant-design/icons/es/icons/MessageOutlined';
export { default as PaperClipOutlined } from '@ant-design/icons/es/icons/PaperClipOutlined';
export { default as RobotOutlined } from '@ant-design/icons/es/icons/RobotOutlined';
export { default as UsergroupAddOutlined } from '@ant-design/icons/es/icons/UsergroupAddOutlined';
export { default as WechatWorkOutlined } from '@ant-design/icons/es/icons/WechatWorkOutlined';
