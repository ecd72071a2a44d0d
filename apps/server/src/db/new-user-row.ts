/**
 * The columns of a new `sys_user` row that start empty: no avatar, no theme or language of its
 * own (the tenant's apply), not an administrator, never signed in, not locked. Every path that
 * creates a user spreads it first, then sets what it knows.
 */
export const NEW_USER_ROW = {
  head_icon: '',
  is_admin: false,
  theme: '',
  language: '',
  locked_until: null,
  prev_login_time: null,
  prev_login_ip: '',
  prev_login_ip_name: '',
  last_login_time: null,
  last_login_ip: '',
  last_login_ip_name: '',
} as const;
