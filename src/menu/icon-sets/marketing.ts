// Menu icons of one sidebar group, one chunk: Marketing.
export { default as BulbOutlined } from '@ant-design/icons/es/icons/BulbOutlined';
export { default as CommentOutlined } from '@ant-design/icons/es/icons/CommentOutlined';
export { default as FireOutlined } from '@ant-design/icons/es/icons/FireOutlined';
export { default as PictureOutlined } from '@ant-design/icons/es/icons/PictureOutlined';
export { default as QuestionCircleOutlined } from '@ant-design/icons/es/icons/QuestionCircleOutlined';
export { default as ShoppingOutlined } from '@ant-design/icons/es/icons/ShoppingOutlined';
export { default as TagOutlined } from '@ant-design/icons/es/icons/TagOutlined';
