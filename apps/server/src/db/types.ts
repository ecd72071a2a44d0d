import type { Insertable, Selectable } from 'kysely';
import type { DB } from './schema';

/**
 * The table types under the names the server uses. `schema.ts` is generated from the migrated
 * schema (`npm run db:types`); only the names the server uses live here.
 */
export type Database = DB;

export type {
  Ent as EntTable,
  ImConversation as ImConversationTable,
  ImMessage as ImMessageTable,
  SysConfig as ConfigTable,
  SysDept as DeptTable,
  SysDictItem as DictItemTable,
  SysDictType as DictTypeTable,
  SysEnum as EnumTable,
  SysErrorLog as ErrorLogTable,
  SysGrant as GrantTable,
  SysLoginLog as LoginLogTable,
  SysMenu as MenuTable,
  SysMenuButton as MenuItemTable,
  SysMenuDataRule as MenuDataRuleTable,
  SysMessage as MessageTable,
  SysMsgTemplate as MsgTemplateTable,
  SysNotice as NoticeTable,
  SysNoticeEnt as NoticeEntTable,
  SysNoticeRead as NoticeReadTable,
  SysPosition as PositionTable,
  SysRequestLog as RequestLogTable,
  SysRole as RoleTable,
  SysSession as SessionTable,
  SysTenantCacheVersion as TenantCacheVersionTable,
  SysUser as UserTable,
  SysWxUser as WxUserTable,
  Tenant as TenantTable,
  UserPosition as UserPositionTable,
  UserRole as UserRoleTable,
} from './schema';

export type GrantItemType = DB['sys_grant']['item_type'];
export type GrantObjectType = DB['sys_grant']['object_type'];
export type SessionEndReason = NonNullable<Selectable<DB['sys_session']>['ended_reason']>;

export type UserRow = Selectable<DB['sys_user']>;
export type NewUser = Insertable<DB['sys_user']>;
export type SessionRow = Selectable<DB['sys_session']>;
