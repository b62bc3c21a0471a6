// Menu icons of one sidebar group, one chunk: Orders and money.
export { default as AuditOutlined } from '@ant-design/icons/es/icons/AuditOutlined';
export { default as BranchesOutlined } from '@ant-design/icons/es/icons/BranchesOutlined';
export { default as ControlOutlined } from '@ant-design/icons/es/icons/ControlOutlined';
export { default as DollarOutlined } from '@ant-design/icons/es/icons/DollarOutlined';
export { default as InteractionOutlined } from '@ant-design/icons/es/icons/InteractionOutlined';
export { default as PayCircleOutlined } from '@ant-design/icons/es/icons/PayCircleOutlined';
export { default as ProfileOutlined } from '@ant-design/icons/es/icons/ProfileOutlined';
export { default as ReconciliationOutlined } from '@ant-design/icons/es/icons/ReconciliationOutlined';
export { default as RollbackOutlined } from '@ant-design/icons/es/icons/RollbackOutlined';
export { default as ShoppingCartOutlined } from '@ant-design/icons/es/icons/ShoppingCartOutlined';
export { default as SwapOutlined } from '@ant-design/icons/es/icons/SwapOutlined';
export { default as TransactionOutlined } from '@ant-design/icons/es/icons/TransactionOutlined';
export { default as WalletOutlined } from '@ant-design/icons/es/icons/WalletOutlined';
