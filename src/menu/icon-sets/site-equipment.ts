// Menu icons of one sidebar group, one chunk: Sites and equipment.
export { default as BankOutlined } from '@ant-design/icons/es/icons/BankOutlined';
export { default as EnvironmentOutlined } from '@ant-design/icons/es/icons/EnvironmentOutlined';
export { default as HomeOutlined } from '@ant-design/icons/es/icons/HomeOutlined';
export { default as LockOutlined } from '@ant-design/icons/es/icons/LockOutlined';
export { default as MedicineBoxOutlined } from '@ant-design/icons/es/icons/MedicineBoxOutlined';
export { default as MoneyCollectOutlined } from '@ant-design/icons/es/icons/MoneyCollectOutlined';
export { default as ScheduleOutlined } from '@ant-design/icons/es/icons/ScheduleOutlined';
export { default as TagsOutlined } from '@ant-design/icons/es/icons/TagsOutlined';
