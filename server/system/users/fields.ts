// The user columns (contract §7) as engine fields: filters, sort keys, wire form and the submit schema come from here.
import { baseFields } from '../../platform/engine/base-fields.js';
import { linkField } from '../../platform/engine/links.js';
import type { Fields } from '../../platform/engine/types.js';

/** One address: something, @, a domain with a dot; no spaces. */
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const userFields: Fields = {
  ...baseFields,
  code: { type: 'text', label: '用户编号', en: 'User code', maxLength: 12 },
  userType: { type: 'integer', label: '用户平台', en: 'Platform', enum: [1, 2, 3] },
  account: { type: 'text', label: '登录账号', en: 'Account', required: '请输入登录账号', maxLength: 45 },
  password: { type: 'text', label: '密码', en: 'Password', filter: false, sortable: false, readOnly: true },
  name: { type: 'text', label: '用户昵称', en: 'Nickname', required: '请输入用户昵称', maxLength: 20 },
  realName: { type: 'text', label: '用户姓名', en: 'Real name', required: '请输入用户姓名', maxLength: 10 },
  avatar: { ...linkField('头像', 'Avatar'), filter: false },
  email: { type: 'text', label: '电子邮箱', en: 'Email', maxLength: 45, pattern: EMAIL_PATTERN },
  // A mainland mobile number: the SMS sign-in texts it.
  phone: { type: 'text', label: '手机号码', en: 'Phone', maxLength: 45, pattern: '^1[3-9]\\d{9}$' },
  birthday: { type: 'datetime', label: '生日', en: 'Birthday' },
  sex: { type: 'integer', label: '性别', en: 'Sex', enum: [1, 2, 3] },
  roleId: { type: 'ids', label: '所属角色', en: 'Roles', sortable: false },
  deptId: { type: 'ids', label: '所属部门', en: 'Departments', sortable: false },
  postId: { type: 'ids', label: '所属岗位', en: 'Posts', sortable: false },
};

/** Columns a submit or update may write (the password only through the password calls). */
export const EDITABLE = Object.entries(userFields)
  .filter(([, spec]) => !spec.readOnly)
  .map(([name]) => name);

/** Columns a person may change on their own profile. */
export const PROFILE_FIELDS = ['name', 'realName', 'avatar', 'phone', 'email', 'sex', 'birthday'] as const;
