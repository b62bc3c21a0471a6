// Registrations waiting for an administrator: a social account's registration creates a user with status 2, which
// cannot sign in until `approve-registration` sets it to 1; `reject-registration` removes it and frees the outside
// account to register again.
export const USER_PENDING = 2;
export const USER_ACTIVE = 1;
export const MSG_PENDING = '注册申请正在等待管理员审核';
