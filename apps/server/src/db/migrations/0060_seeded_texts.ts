import { type Kysely, sql } from 'kysely';

/**
 * What the product seeded speaks the three languages, as menus, dictionaries and flows already do:
 * the system name (two more settings, `sysNameEn` and `sysNameTw`), the scheduled tasks' and the
 * document-number rules' names (English and traditional-Chinese columns, empty: the main name) and
 * the demo purchase flow's condition label (`labels` beside `label`, as nodes have `names`).
 * Tenants seeded before get the translations (new ones get them from the seed); only a text still
 * as seeded is translated: one an administrator changed stays theirs.
 */
const SYS_NAME = ['SRM 供应商关系管理平台', 'SRM Supplier Relationship Management', 'SRM 供應商關係管理平台'];

const TASKS: [jobCode: string, zh: string, en: string, tw: string][] = [
  ['log.purge', '清理日志', 'Purge old logs', '清理日誌'],
  ['session.endIdle', '结束空闲会话', 'End idle sessions', '結束閒置工作階段'],
  ['db.backup', '备份内置数据库', 'Back up the embedded database', '備份內建資料庫'],
  [
    'upload.purgeUnclaimed',
    '清理未认领的注册附件',
    'Purge unclaimed registration attachments',
    '清理未認領的註冊附件',
  ],
];

const BILL_RULES: [code: string, zh: string, en: string, tw: string][] = [
  ['purchaseRequisition', '采购申请单', 'Purchase requisition', '採購申請單'],
  ['flowTask', '流程任务', 'Workflow task', '流程任務'],
  ['supplierCode', '供应商编码', 'Supplier code', '供應商編碼'],
];

/** Where the demo purchase flow keeps its one condition rule (workflow/demo-seed.ts purchaseTree). */
const LABEL_PATH = '{next,next,branches,0,condition,items,0,label}';
const LABELS_PATH = '{next,next,branches,0,condition,items,0,labels}';
const RULE_LABELS = { 'en-US': 'Total', 'zh-TW': '合計金額' };

export async function up0060(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_task add column if not exists name_en text not null default '',
    add column if not exists name_tw text not null default ''`.execute(db);
  await sql`alter table sys_bill_rule add column if not exists full_name_en text not null default '',
    add column if not exists full_name_tw text not null default ''`.execute(db);
  for (const [jobCode, zh, en, tw] of TASKS) {
    await sql`update sys_task set name_en = ${en}, name_tw = ${tw}
      where job_code = ${jobCode} and name = ${zh} and name_en = '' and name_tw = ''`.execute(db);
  }
  for (const [code, zh, en, tw] of BILL_RULES) {
    await sql`update sys_bill_rule set full_name_en = ${en}, full_name_tw = ${tw}
      where en_code = ${code} and full_name = ${zh} and full_name_en = '' and full_name_tw = ''`.execute(db);
  }
  const [zh, en, tw] = SYS_NAME;
  for (const [key, value, remark] of [
    ['sysNameEn', en, '系统名称（英文）'],
    ['sysNameTw', tw, '系统名称（繁体中文）'],
  ]) {
    await sql`insert into sys_config (tenant_id, scope, param_key, param_value, remark)
      select tenant_id, 'sys', ${key}, ${value}, ${remark} from sys_config
      where scope = 'sys' and param_key = 'sysName' and param_value = ${zh}
      on conflict (tenant_id, scope, param_key) do update set param_value = excluded.param_value
        where sys_config.param_value = ''`.execute(db);
  }
  // The seeded rule compares the purchase form's total; a label changed or translated stays.
  const seeded = sql`flow_template_json #>> ${LABEL_PATH}::text[] = '合计金额'
    and flow_template_json #> ${LABELS_PATH}::text[] is null
    and flow_template_json #>> '{next,next,id}' = 'amount'`;
  const labelled = sql`jsonb_set(flow_template_json, ${LABELS_PATH}::text[],
    ${JSON.stringify(RULE_LABELS)}::jsonb)`;
  await sql`update flow_definition set flow_template_json = ${labelled}
    where en_code = 'purchaseRequisition' and ${seeded}`.execute(db);
  await sql`update flow_version set flow_template_json = ${labelled}
    where definition_id in (select id from flow_definition where en_code = 'purchaseRequisition')
      and ${seeded}`.execute(db);
}

export async function down0060(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sys_config where scope = 'sys' and param_key in ('sysNameEn', 'sysNameTw')`.execute(
    db,
  );
  await sql`alter table sys_task drop column if exists name_en, drop column if exists name_tw`.execute(db);
  await sql`alter table sys_bill_rule drop column if exists full_name_en,
    drop column if exists full_name_tw`.execute(db);
  const translated = sql`flow_template_json #> ${LABELS_PATH}::text[] = ${JSON.stringify(RULE_LABELS)}::jsonb`;
  await sql`update flow_version set flow_template_json = flow_template_json #- ${LABELS_PATH}::text[]
    where definition_id in (select id from flow_definition where en_code = 'purchaseRequisition')
      and ${translated}`.execute(db);
  await sql`update flow_definition set flow_template_json = flow_template_json #- ${LABELS_PATH}::text[]
    where en_code = 'purchaseRequisition' and ${translated}`.execute(db);
}
