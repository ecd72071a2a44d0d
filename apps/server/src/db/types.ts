import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** bigint identity: a string on both drivers (int8 parsed as text). */
type Id = Generated<string>;
/** A bigint column written as string/number, read as string. */
type BigRef = ColumnType<string, string | number | bigint, string | number | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantTable {
  id: Id;
  code: string;
  name: string;
  created_at: TimestampDefault;
}

export interface EntTable {
  id: Id;
  tenant_id: BigRef;
  ent_name: string;
  /** 1 the tenant's purchasing enterprise, 2 a supplier. */
  ent_type: number;
  created_at: TimestampDefault;
}

export interface DeptTable {
  id: Id;
  tenant_id: BigRef;
  parent_id: BigRef;
  dept_name: string;
  dept_type: 'company' | 'department';
  en_code: string;
  order_num: number;
  enabled: boolean;
  /** 0003: the department manager (a user of the tenant). */
  manager_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface UserTable {
  id: Id;
  tenant_id: BigRef;
  ent_id: BigRef;
  dept_id: BigRef | null;
  account: string;
  mobile: string;
  real_name: string;
  email: string;
  password_hash: string;
  head_icon: string;
  is_admin: boolean;
  enabled: boolean;
  theme: string;
  language: string;
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  prev_login_time: Timestamp | null;
  prev_login_ip: string;
  prev_login_ip_name: string;
  last_login_time: Timestamp | null;
  last_login_ip: string;
  last_login_ip_name: string;
  deleted: Generated<boolean>;
  created_at: TimestampDefault;
  /** 0005: who created the row (data rule `own`); null for seeded users. */
  created_by: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface RoleTable {
  id: Id;
  tenant_id: BigRef;
  role_name: string;
  en_code: string;
  enabled: boolean;
  order_num: number;
}

export interface PositionTable {
  id: Id;
  tenant_id: BigRef;
  dept_id: BigRef | null;
  position_name: string;
  en_code: string;
  enabled: boolean;
  order_num: number;
}

export interface UserRoleTable {
  tenant_id: BigRef;
  user_id: BigRef;
  role_id: BigRef;
}

export interface UserPositionTable {
  tenant_id: BigRef;
  user_id: BigRef;
  position_id: BigRef;
}

export interface MenuTable {
  id: Id;
  tenant_id: BigRef;
  parent_id: BigRef;
  menu_name: string;
  menu_name_en: string;
  menu_name_tw: string;
  menu_perms: string;
  menu_icon: string;
  menu_type: number;
  menu_url: string;
  order_num: number;
  link_target: string;
  property_json: string;
  enabled: boolean;
  category: 'web' | 'app';
}

export interface MenuItemTable {
  id: Id;
  tenant_id: BigRef;
  menu_id: BigRef;
  en_code: string;
  full_name: string;
  order_num: number;
}

export interface MenuDataRuleTable {
  id: Id;
  tenant_id: BigRef;
  menu_id: BigRef;
  en_code: string;
  full_name: string;
  field: string;
  /** own | dept | deptAndBelow | company | all | condition */
  rule_type: string;
  /** 0005: a condition rule's operator (eq | ne | contains | in) and value; '' otherwise. */
  condition_op: Generated<string>;
  condition_value: Generated<string>;
}

export type GrantItemType = 'menu' | 'button' | 'column' | 'data' | 'app';
export type GrantObjectType = 'role' | 'position' | 'user';

export interface GrantTable {
  id: Id;
  tenant_id: BigRef;
  item_type: GrantItemType;
  item_id: BigRef;
  object_type: GrantObjectType;
  object_id: BigRef;
}

export type SessionEndReason = 'logout' | 'forced' | 'replaced' | 'expired';

export interface SessionTable {
  id: Id;
  token_hash: string;
  tenant_id: BigRef;
  user_id: BigRef;
  ip: string;
  user_agent: string;
  company_id: BigRef | null;
  created_at: TimestampDefault;
  last_seen_at: TimestampDefault;
  ended_reason: SessionEndReason | null;
  ended_at: Timestamp | null;
}

/** One row (id 1): bumped by triggers on the tables behind cached permissions and menus. */
export interface CacheVersionTable {
  id: number;
  version: string;
  /** Bumped by writes of users that the user list counts (migration 0010_user_list_perf). */
  user_version: Generated<string>;
}

export interface DictTypeTable {
  id: Id;
  tenant_id: BigRef;
  en_code: string;
  full_name: string;
  /** sys: platform dictionaries, base: the tenant's business dictionaries. */
  scope: 'sys' | 'base';
  is_tree: boolean;
  /** Loaded by the client start-up through get-conf-dist. */
  is_conf: boolean;
  order_num: number;
}

export interface DictItemTable {
  id: Id;
  tenant_id: BigRef;
  type_id: BigRef;
  parent_id: BigRef;
  en_code: string;
  full_name: string;
  order_num: number;
}

export interface ConfigTable {
  id: Id;
  tenant_id: BigRef;
  scope: 'sys' | 'base';
  param_key: string;
  param_value: string;
  remark: string;
}

export interface EnumTable {
  id: Id;
  tenant_id: BigRef;
  enum_name: string;
  enum_key: string;
  enum_value: string;
  order_num: number;
}

export interface LoginLogTable {
  id: Id;
  /** Null for an account that matched no user. */
  tenant_id: BigRef | null;
  user_id: BigRef | null;
  account: string;
  user_name: string;
  success: boolean;
  /** A message key (`auth.loginOk`, `auth.badCredentials`…), translated when shown. */
  msg: string;
  ip: string;
  /** The place kind: `local`, `lan` or empty (0014; translated when shown). */
  ip_name: string;
  browser: string;
  platform: string;
  created_at: TimestampDefault;
}

/** 0004: one row per API request (writes always; see system/request-log.ts). */
export interface RequestLogTable {
  id: Id;
  tenant_id: BigRef | null;
  user_id: BigRef | null;
  user_name: string;
  method: string;
  path: string;
  /** HTTP status. */
  status: number;
  /** Envelope code: 0 success, else the error code (the outcome). */
  code: number;
  duration_ms: number;
  ip: string;
  request_id: string;
  created_at: TimestampDefault;
}

/** 0004: unexpected server errors and errors reported by browsers. */
export interface ErrorLogTable {
  id: Id;
  tenant_id: BigRef | null;
  user_id: BigRef | null;
  user_name: string;
  source: 'server' | 'client';
  method: string;
  path: string;
  message: string;
  stack: string;
  ip: string;
  request_id: string;
  created_at: TimestampDefault;
}

/** 0007: an internal message, one row per recipient. */
export interface MessageTable {
  id: Id;
  tenant_id: BigRef;
  user_id: BigRef;
  type: number;
  menu_title: string;
  body_text: string;
  url: string;
  bill_id: string;
  /** Null for messages of the system itself. */
  creator_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  creator_name: string;
  created_at: TimestampDefault;
  read_at: Timestamp | null;
}

/** 0011: a message template of the tenant; `{name}` placeholders in title and content. */
export interface MsgTemplateTable {
  id: Id;
  tenant_id: BigRef;
  en_code: string;
  full_name: string;
  title: string;
  content: string;
  message_type: number;
  enabled: Generated<boolean>;
  order_num: Generated<number>;
}

/** 0008: an announcement. */
export interface NoticeTable {
  id: Id;
  tenant_id: BigRef;
  title: string;
  body_html: string;
  audience: 'staff' | 'vendors' | 'ents';
  state: Generated<'draft' | 'released' | 'withdrawn'>;
  release_time: Timestamp | null;
  creator_name: string;
  created_at: TimestampDefault;
}

export interface NoticeEntTable {
  notice_id: BigRef;
  ent_id: BigRef;
}

/** 0008: one per recipient of a released announcement. */
export interface NoticeReadTable {
  notice_id: BigRef;
  tenant_id: BigRef;
  user_id: BigRef;
  read_at: Timestamp | null;
}

/** 0012: a user's binding to the WeChat official account (one per user; an openid once per tenant). */
export interface WxUserTable {
  user_id: BigRef;
  tenant_id: BigRef;
  openid: string;
  bound_at: TimestampDefault;
}

/** 0014: wrong passwords in a row per account and client address, and that address's lock. */
export interface LoginFailureTable {
  user_id: BigRef;
  ip: string;
  failures: number;
  locked_until: Date | null;
  updated_at: TimestampDefault;
}

export interface ImMessageTable {
  id: Id;
  tenant_id: BigRef;
  send_user_id: BigRef;
  receive_user_id: BigRef;
  pair_lo: BigRef;
  pair_hi: BigRef;
  content_type: 'text' | 'image';
  content: string;
  send_time: TimestampDefault;
}

export interface ImConversationTable {
  user_id: BigRef;
  peer_id: BigRef;
  tenant_id: BigRef;
  last_message_id: BigRef;
  last_time: Timestamp;
  unread: ColumnType<number, number | undefined, number>;
}

export interface Database {
  tenant: TenantTable;
  ent: EntTable;
  sys_dept: DeptTable;
  sys_user: UserTable;
  sys_role: RoleTable;
  sys_position: PositionTable;
  user_role: UserRoleTable;
  user_position: UserPositionTable;
  sys_menu: MenuTable;
  sys_menu_button: MenuItemTable;
  sys_menu_column: MenuItemTable;
  sys_menu_data_rule: MenuDataRuleTable;
  sys_grant: GrantTable;
  sys_session: SessionTable;
  sys_cache_version: CacheVersionTable;
  sys_dict_type: DictTypeTable;
  sys_dict_item: DictItemTable;
  sys_config: ConfigTable;
  sys_enum: EnumTable;
  sys_login_log: LoginLogTable;
  sys_request_log: RequestLogTable;
  sys_error_log: ErrorLogTable;
  sys_message: MessageTable;
  sys_notice: NoticeTable;
  sys_notice_ent: NoticeEntTable;
  sys_notice_read: NoticeReadTable;
  sys_msg_template: MsgTemplateTable;
  sys_wx_user: WxUserTable;
  sys_login_failure: LoginFailureTable;
  im_message: ImMessageTable;
  im_conversation: ImConversationTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
