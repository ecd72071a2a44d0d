import { type Kysely, sql } from 'kysely';

/**
 * Dictionary categories and types get an English and a traditional-Chinese name, as their items
 * have: the dictionary screen of a user who works in English no longer lists its types in Chinese.
 * The seeded ones are named for tenants made before (new tenants get them from
 * `seed-dictionaries.ts`); a name an administrator changed is left alone.
 */
const SEEDED: [
  table: 'sys_dict_category' | 'sys_dict_type',
  code: string,
  zh: string,
  en: string,
  tw: string,
][] = [
  ['sys_dict_category', 'sys', '系统字典', 'System', '系統字典'],
  ['sys_dict_category', 'base', '业务字典', 'Business', '業務字典'],
  ['sys_dict_type', 'sex', '性别', 'Sex', '性別'],
  ['sys_dict_type', 'yesNo', '是否', 'Yes / no', '是否'],
  ['sys_dict_type', 'supplyCategory', '供货类别', 'Supply categories', '供貨類別'],
  ['sys_dict_type', 'currency', '币种', 'Currencies', '幣別'],
  ['sys_dict_type', 'noticeType', '公告类型', 'Notice types', '公告類型'],
  ['sys_dict_type', 'qualificationType', '资质类型', 'Qualification types', '資質類型'],
  ['sys_dict_type', 'companyType', '企业类型', 'Company types', '企業類型'],
  ['sys_dict_type', 'flowCategory', '流程分类', 'Flow categories', '流程分類'],
  ['sys_dict_type', 'leaveType', '请假类型', 'Leave types', '請假類型'],
];

export async function up0037(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sys_dict_category', 'sys_dict_type']) {
    await sql`alter table ${sql.table(table)}
      add column if not exists full_name_en text not null default '',
      add column if not exists full_name_tw text not null default ''`.execute(db);
  }
  for (const [table, code, zh, en, tw] of SEEDED) {
    await sql`update ${sql.table(table)} set full_name_en = ${en}, full_name_tw = ${tw}
      where en_code = ${code} and full_name = ${zh} and full_name_en = ''`.execute(db);
  }
}

export async function down0037(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sys_dict_category', 'sys_dict_type']) {
    await sql`alter table ${sql.table(table)} drop column if exists full_name_en, drop column if exists full_name_tw`.execute(
      db,
    );
  }
}
