import { type Kysely, sql } from 'kysely';
import { ALL_VERSION_TRIGGERS, bumpFunction, triggers } from './0013_tenant_cache_version';

/**
 * Dictionaries as an administrator maintains them: categories hold dictionary types, a type holds
 * items (flat, or a tree through `parent_id`), each item named in the three languages, enabled or
 * not, with a remark. `dict_version` of the tenant's cache counters is bumped by any write to the
 * dictionaries, configs or enums, so the start-up loads are cached per tenant until one changes
 * (without dropping the permission caches that `version` tags). Announcements get a notice type, a
 * dictionary code of `noticeType`.
 */
export const DICT_VERSION_TABLES = [
  'sys_dict_category',
  'sys_dict_type',
  'sys_dict_item',
  'sys_config',
  'sys_enum',
];

const up: string[] = [
  `create table if not exists sys_dict_category (id bigint generated always as identity primary key,
    tenant_id bigint not null references tenant(id), en_code text not null, full_name text not null,
    order_num int not null default 0, unique (tenant_id, en_code))`,
  'alter table sys_dict_type add column if not exists category_id bigint references sys_dict_category(id)',
  'alter table sys_dict_type add column if not exists enabled boolean not null default true',
  `alter table sys_dict_type add column if not exists remark text not null default ''`,
  `alter table sys_dict_item add column if not exists full_name_en text not null default ''`,
  `alter table sys_dict_item add column if not exists full_name_tw text not null default ''`,
  'alter table sys_dict_item add column if not exists enabled boolean not null default true',
  `alter table sys_dict_item add column if not exists remark text not null default ''`,
  // Items are addressed by their code within a type (forms store the code).
  'create unique index if not exists sys_dict_item_code on sys_dict_item (type_id, en_code)',
  'create index if not exists sys_dict_item_parent on sys_dict_item (type_id, parent_id, order_num)',
  'create index if not exists sys_dict_type_category on sys_dict_type (category_id)',
  // The types existing tenants already have go into two categories named after their scope.
  `insert into sys_dict_category (tenant_id, en_code, full_name, order_num)
     select distinct tenant_id, scope, case scope when 'sys' then '系统字典' else '业务字典' end,
       case scope when 'sys' then 1 else 2 end
     from sys_dict_type on conflict (tenant_id, en_code) do nothing`,
  `update sys_dict_type t set category_id = c.id from sys_dict_category c
     where t.category_id is null and c.tenant_id = t.tenant_id and c.en_code = t.scope`,
  'alter table sys_dict_type alter column category_id set not null',
  `alter table sys_notice add column if not exists notice_type text not null default ''`,
  'alter table sys_tenant_cache_version add column if not exists dict_version bigint not null default 1',
  bumpFunction(
    'sys_bump_tenant_dict_version',
    'dict_version',
    'select tenant_id from old_rows union select tenant_id from new_rows',
  ),
  ...DICT_VERSION_TABLES.flatMap((table) =>
    triggers(table, 'sys_bump_tenant_dict_version', `${table}_tenant_dict_version`),
  ),
];

export async function up0017(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0017(db: Kysely<unknown>): Promise<void> {
  const drops = [
    ...DICT_VERSION_TABLES.flatMap((table) =>
      ALL_VERSION_TRIGGERS.map((k) => `drop trigger if exists ${table}_tenant_dict_version_${k} on ${table}`),
    ),
    'drop function if exists sys_bump_tenant_dict_version()',
    'alter table sys_tenant_cache_version drop column if exists dict_version',
    'alter table sys_notice drop column if exists notice_type',
    'drop index if exists sys_dict_item_code',
    'drop index if exists sys_dict_item_parent',
    'alter table sys_dict_item drop column if exists full_name_en',
    'alter table sys_dict_item drop column if exists full_name_tw',
    'alter table sys_dict_item drop column if exists enabled',
    'alter table sys_dict_item drop column if exists remark',
    'alter table sys_dict_type drop column if exists category_id',
    'alter table sys_dict_type drop column if exists enabled',
    'alter table sys_dict_type drop column if exists remark',
    'drop table if exists sys_dict_category',
  ];
  for (const statement of drops) await sql.raw(statement).execute(db);
}
