import { type ConditionItem, type FlowNode, SysConfigApi } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * What the product itself seeded speaks the three languages: the seeded rows of every table are
 * walked, and a product text (as opposed to the demo's data, which a user would have typed) without
 * its English and traditional-Chinese texts fails. A new table or column seeded with Chinese text
 * fails too until it is translated or said to be demo data here.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The test database leaves the workflow demo out; its flows are product texts too.
  await workflowTenant(t, 'st', '译文', '139100000');
});
afterAll(() => t.close());

/** Chinese characters: what every seeded product text is written in. */
const CJK = '[\\u3400-\\u9fff]';
const hasCjk = (text: string) => /[\u3400-\u9fff]/.test(text);

/** Columns whose seeded text is the demo's own data: people, organisation, suppliers, what they wrote. */
const DEMO_DATA = new Set([
  'tenant.name',
  'ent.ent_name',
  'sys_dept.dept_name',
  'sys_position.position_name',
  'sys_role.role_name',
  'sys_user.real_name',
  'sys_user_change.real_name',
  'sys_login_log.user_name',
  'flow_history.opinion',
  // Who made a data model's version and published a design's (the demo's supplier evaluation).
  'dm_model_version.created_by_name',
  'dm_design_version.published_by_name',
  // Sent messages and notices are written once, by their sender (seeded: the demo's).
  'sys_message.body_text',
  'sys_message.creator_name',
  'sys_message.menu_title',
  'vendor_notice.body_html',
  'vendor_notice.creator_name',
  'vendor_notice.title',
  'vendor_supplier.address',
  'vendor_supplier.business_scope',
  'vendor_supplier.legal_person',
  'vendor_supplier.supplier_name',
  'vendor_supplier_bank.bank_name',
  'vendor_supplier_bank.branch',
  'vendor_supplier_contact.contact_name',
  // Chinese place names, Chinese everywhere (the area screen corrects them per tenant).
  'sys_area.name',
  // The settings' notes for whoever reads the table; the screen labels settings from its locale files.
  'sys_config.remark',
]);

/**
 * Product texts seeded with no translation columns yet: each one here is a known gap (shown in
 * Chinese to every reader), listed so that no other joins it unseen.
 */
const UNTRANSLATED = new Set([
  'sys_menu_button.full_name',
  'sys_menu_column.full_name',
  'sys_menu_data_rule.full_name',
  'sys_enum.enum_value',
  'sys_msg_template.full_name',
  'sys_bill_rule.description',
]);

/** Text columns of the tables, by table. */
async function textColumns(): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
    where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.data_type = 'text'`.execute(t.db);
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.table_name, (out.get(r.table_name) ?? new Set()).add(r.column_name));
  return out;
}

/** A main text column with its `_en` and `_tw` translations (menu_name, menu_name_en, menu_name_tw). */
function translatedColumns(columns: Map<string, Set<string>>): [table: string, main: string][] {
  return [...columns].flatMap(([table, set]) =>
    [...set].filter((c) => set.has(`${c}_en`) && set.has(`${c}_tw`)).map((c): [string, string] => [table, c]),
  );
}

describe('seeded product texts', () => {
  it('every column seeded with Chinese text is translated, or the demo data a user would type', async () => {
    const columns = await textColumns();
    const translated = new Set(
      translatedColumns(columns).flatMap(([table, c]) => [
        `${table}.${c}`,
        `${table}.${c}_en`,
        `${table}.${c}_tw`,
      ]),
    );
    const unclassified: string[] = [];
    for (const [table, set] of columns) {
      for (const column of set) {
        const key = `${table}.${column}`;
        if (translated.has(key) || DEMO_DATA.has(key) || UNTRANSLATED.has(key)) continue;
        // Settings are checked key by key below.
        if (key === 'sys_config.param_value') continue;
        const { rows } = await sql<{ sample: string | null }>`
          select min(${sql.ref(column)}) as sample from ${sql.table(table)}
          where ${sql.ref(column)} ~ ${CJK}`.execute(t.db);
        if (rows[0]?.sample) unclassified.push(`${key}: ${rows[0].sample}`);
      }
    }
    expect(unclassified).toEqual([]);
  });

  it('every seeded row of a translated column has its English and traditional-Chinese text', async () => {
    const pairs = translatedColumns(await textColumns());
    // The tables this change translated are among those walked.
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['sys_task', 'name'],
        ['sys_bill_rule', 'full_name'],
        ['sys_menu', 'menu_name'],
        ['flow_definition', 'full_name'],
      ]),
    );
    const missing: string[] = [];
    let walked = 0;
    for (const [table, main] of pairs) {
      const { rows } = await sql<{ main: string; en: string; tw: string }>`
        select ${sql.ref(main)} as main, ${sql.ref(`${main}_en`)} as en, ${sql.ref(`${main}_tw`)} as tw
        from ${sql.table(table)} where ${sql.ref(main)} <> ''`.execute(t.db);
      walked += rows.length;
      for (const r of rows) {
        if (!r.en?.trim() || !r.tw?.trim()) missing.push(`${table}.${main}: ${r.main}`);
      }
    }
    expect(walked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it("every seeded setting in Chinese has the tenant's English and traditional-Chinese value", async () => {
    const rows = await t.db
      .selectFrom('sys_config')
      .select(['tenant_id', 'param_key', 'param_value'])
      .execute();
    const value = new Map(rows.map((r) => [`${r.tenant_id}:${r.param_key}`, r.param_value]));
    // A translation's own key (sysNameTw beside sysName) is not a main text.
    const isTranslation = (key: string) => /(En|Tw)$/.test(key) && value.has(key.slice(0, -2));
    const chinese = rows.filter(
      (r) => hasCjk(r.param_value) && !isTranslation(`${r.tenant_id}:${r.param_key}`),
    );
    expect(chinese.map((r) => r.param_key)).toContain('sysName');
    const missing = chinese.filter(
      (r) =>
        !value.get(`${r.tenant_id}:${r.param_key}En`)?.trim() ||
        !value.get(`${r.tenant_id}:${r.param_key}Tw`)?.trim(),
    );
    expect(missing.map((r) => `${r.param_key}: ${r.param_value}`)).toEqual([]);
  });

  it("every seeded flow's nodes, branches and condition labels have their translations", async () => {
    const trees = [
      ...(await t.db
        .selectFrom('flow_definition')
        .select(['en_code', 'flow_template_json as tree'])
        .execute()),
      ...(await t.db
        .selectFrom('flow_version as v')
        .innerJoin('flow_definition as d', 'd.id', 'v.definition_id')
        .select(['d.en_code', 'v.flow_template_json as tree'])
        .execute()),
    ];
    const missing: string[] = [];
    let labels = 0;
    const named = (where: string, x: { name: string; names?: Record<string, string | undefined> }) => {
      if (!x.names?.['en-US'] || !x.names['zh-TW']) missing.push(`${where}: ${x.name}`);
    };
    const condition = (where: string, item: ConditionItem) => {
      if (item.kind === 'group') for (const child of item.items) condition(where, child);
      else if (item.label) {
        labels++;
        if (!item.labels?.['en-US'] || !item.labels['zh-TW']) missing.push(`${where}: ${item.label}`);
      }
    };
    const walk = (where: string, node: FlowNode | null | undefined) => {
      if (!node) return;
      named(where, node);
      if (node.type === 'condition' || node.type === 'parallel')
        for (const branch of node.branches) {
          named(where, branch);
          if ('condition' in branch && branch.condition) condition(where, branch.condition);
          walk(where, branch.next);
        }
      walk(where, node.next);
    };
    for (const row of trees) walk(row.en_code, row.tree as unknown as FlowNode);
    expect(trees.length).toBeGreaterThan(0);
    expect(labels).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('the sign-in page reads the system name in the three languages', async () => {
    const res = await t.get<Record<string, string>>(SysConfigApi.loginConfig);
    expect(res.body.data).toMatchObject({
      sysName: 'SRM 供应商关系管理平台',
      sysNameEn: 'SRM Supplier Relationship Management',
      sysNameTw: 'SRM 供應商關係管理平台',
    });
  });
});

describe('translations for tenants seeded earlier (migration 0060)', () => {
  it('fills the texts still as seeded and keeps those an administrator changed', async () => {
    const { up0060 } = await import('../../src/db/migrations/0060_seeded_texts');
    const tenantId = await tenantIdOf(t.db, 'stadmin');
    const other = await tenantIdOf(t.db, 'admin');
    // As before the migration: no translations; the demo tenant's admin renamed a task and the product.
    await t.db.updateTable('sys_task').set({ name_en: '', name_tw: '' }).execute();
    await t.db.updateTable('sys_bill_rule').set({ full_name_en: '', full_name_tw: '' }).execute();
    await t.db.deleteFrom('sys_config').where('param_key', 'in', ['sysNameEn', 'sysNameTw']).execute();
    await t.db
      .updateTable('sys_task')
      .set({ name: '我们的日志清理' })
      .where('tenant_id', '=', other)
      .where('job_code', '=', 'log.purge')
      .execute();
    await t.db
      .updateTable('sys_config')
      .set({ param_value: 'Acme 采购' })
      .where('tenant_id', '=', other)
      .where('param_key', '=', 'sysName')
      .execute();
    await sql`update flow_definition set flow_template_json = flow_template_json
      #- '{next,next,branches,0,condition,items,0,labels}' where tenant_id = ${tenantId}`.execute(t.db);
    await sql`update flow_version set flow_template_json = flow_template_json
      #- '{next,next,branches,0,condition,items,0,labels}' where tenant_id = ${tenantId}`.execute(t.db);

    await up0060(t.db as never);

    const task = (tenant: string) =>
      t.db
        .selectFrom('sys_task')
        .select(['name_en', 'name_tw'])
        .where('tenant_id', '=', tenant)
        .where('job_code', '=', 'log.purge')
        .executeTakeFirstOrThrow();
    expect(await task(tenantId)).toEqual({ name_en: 'Purge old logs', name_tw: '清理日誌' });
    expect(await task(other)).toEqual({ name_en: '', name_tw: '' });
    const rule = await t.db
      .selectFrom('sys_bill_rule')
      .select(['full_name_en', 'full_name_tw'])
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'supplierCode')
      .executeTakeFirstOrThrow();
    expect(rule).toEqual({ full_name_en: 'Supplier code', full_name_tw: '供應商編碼' });
    const names = async (tenant: string) =>
      (
        await t.db
          .selectFrom('sys_config')
          .select(['param_key', 'param_value'])
          .where('tenant_id', '=', tenant)
          .where('param_key', 'in', ['sysNameEn', 'sysNameTw'])
          .orderBy('param_key')
          .execute()
      ).map((r) => r.param_value);
    expect(await names(tenantId)).toEqual(['SRM Supplier Relationship Management', 'SRM 供應商關係管理平台']);
    expect(await names(other)).toEqual([]);
    const { rows } = await sql<{ labels: unknown }>`
      select flow_template_json #> '{next,next,branches,0,condition,items,0,labels}' as labels
      from flow_version v where tenant_id = ${tenantId}
        and definition_id = (select id from flow_definition
          where tenant_id = ${tenantId} and en_code = 'purchaseRequisition')`.execute(t.db);
    expect(rows.map((r) => r.labels)).toEqual([{ 'en-US': 'Total', 'zh-TW': '合計金額' }]);
  });
});
