import { type Kysely, sql } from 'kysely';

/**
 * Traditional-Chinese menu names the way Taiwan words them, for tenants seeded before the seed
 * said so (new tenants get them from `seed-menus.ts`). Only a name still as seeded is renamed: one
 * an administrator changed in the menu screen stays theirs.
 */
const RENAMED: [code: string, before: string, after: string][] = [
  ['permission.user', '用戶管理', '使用者管理'],
  ['permission.userOnline', '在線用戶', '線上使用者'],
  ['system.menu', '菜單管理', '選單管理'],
  ['systemData', '系統數據', '系統資料'],
  ['systemData.dictionary', '數據字典', '資料字典'],
  ['systemData.dataBackup', '數據備份', '資料備份'],
  ['vendorPortal', '供應商門戶', '供應商入口網站'],
  ['system.sysConfig', '系統配置', '系統參數'],
  ['system.apiDocs', '開發文檔', '開發文件'],
];

export async function up0035(db: Kysely<unknown>): Promise<void> {
  for (const [code, before, after] of RENAMED) {
    await sql`update sys_menu set menu_name_tw = ${after}
      where menu_perms = ${code} and menu_name_tw = ${before}`.execute(db);
  }
}

export async function down0035(db: Kysely<unknown>): Promise<void> {
  for (const [code, before, after] of RENAMED) {
    await sql`update sys_menu set menu_name_tw = ${before}
      where menu_perms = ${code} and menu_name_tw = ${after}`.execute(db);
  }
}
