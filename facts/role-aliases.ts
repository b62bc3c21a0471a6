// The aliases of the roles the seed creates and the code relies on: the administrator passes every check and is
// the workflow's approver of last resort; a site manager approves its own company's leave requests.
export const ADMIN_ROLE_ALIAS = 'administrator';
export const SITE_MANAGER_ROLE_ALIAS = 'site_manager';
