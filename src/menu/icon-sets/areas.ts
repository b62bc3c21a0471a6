// Menu icons of one sidebar group, one chunk: The areas of the sidebar and the groups of the business area: drawn on every screen.
export { default as AccountBookOutlined } from '@ant-design/icons/es/icons/AccountBookOutlined';
export { default as AppstoreOutlined } from '@ant-design/icons/es/icons/AppstoreOutlined';
export { default as BarChartOutlined } from '@ant-design/icons/es/icons/BarChartOutlined';
export { default as CloudOutlined } from '@ant-design/icons/es/icons/CloudOutlined';
export { default as DeploymentUnitOutlined } from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
export { default as GiftOutlined } from '@ant-design/icons/es/icons/GiftOutlined';
export { default as MonitorOutlined } from '@ant-design/icons/es/icons/MonitorOutlined';
export { default as NotificationOutlined } from '@ant-design/icons/es/icons/NotificationOutlined';
export { default as SafetyOutlined } from '@ant-design/icons/es/icons/SafetyOutlined';
export { default as SettingOutlined } from '@ant-design/icons/es/icons/SettingOutlined';
export { default as ShopOutlined } from '@ant-design/icons/es/icons/ShopOutlined';
export { default as TeamOutlined } from '@ant-design/icons/es/icons/TeamOutlined';
export { default as WechatOutlined } from '@ant-design/icons/es/icons/WechatOutlined';
