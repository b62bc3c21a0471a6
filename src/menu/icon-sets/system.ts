// Menu icons of one sidebar group, one chunk: The system area.
export { default as ApartmentOutlined } from '@ant-design/icons/es/icons/ApartmentOutlined';
export { default as BookOutlined } from '@ant-design/icons/es/icons/BookOutlined';
export { default as ContactsOutlined } from '@ant-design/icons/es/icons/ContactsOutlined';
export { default as ContainerOutlined } from '@ant-design/icons/es/icons/ContainerOutlined';
export { default as ControlOutlined } from '@ant-design/icons/es/icons/ControlOutlined';
export { default as GlobalOutlined } from '@ant-design/icons/es/icons/GlobalOutlined';
export { default as KeyOutlined } from '@ant-design/icons/es/icons/KeyOutlined';
export { default as LayoutOutlined } from '@ant-design/icons/es/icons/LayoutOutlined';
export { default as MenuOutlined } from '@ant-design/icons/es/icons/MenuOutlined';
export { default as UserOutlined } from '@ant-design/icons/es/icons/UserOutlined';
