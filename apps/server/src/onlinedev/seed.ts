import {
  type DataModelDefinition,
  type DesignContent,
  type FlowNode,
  flowDefinitionSaveSchema,
  menuBodySchema,
  SUPPLIER_EVALUATION,
  VENDOR_CODES,
} from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { createMenu } from '../system/menu-write-service';
import { createDefinition, releaseDefinition } from '../workflow/definition-service';
import { createDataModel } from './data-model-service';
import { createDesign, designFormName, publishDesign } from './design-service';
import { registerOnlineDevHooks } from './hooks';

/**
 * The demo's supplier evaluation (issue 38 §6), built with the product itself: a data model, a
 * design of its form and list, a model page in the supplier group and an approval flow, each made
 * through the service its designer screen calls, as an administrator would make them. Per supplier
 * and period, purchasing scores delivery, price and service, quality scores quality (0–100); the
 * form computes the weighted score and its grade (A ≥ 90, B ≥ 80, C ≥ 70, D); the page submits a
 * row to the flow (quality review), and the approved grade shows on the supplier's record
 * (`supplier-evaluation.ts`).
 */

const names = (zh: string, en: string, tw: string) => ({ 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });
const labels = (zh: string, en: string, tw: string) => ({ label: zh, labels: names(zh, en, tw) });
const titled = (zh: string, en: string, tw: string) => ({ title: zh, titles: names(zh, en, tw) });

const SCORE = { type: 'number' as const, min: 0, max: 100, precision: 0, required: true, span: 8 };

const MODEL: DataModelDefinition = {
  code: SUPPLIER_EVALUATION.model,
  names: names('供应商评价', 'Supplier evaluation', '供應商評價'),
  isTree: false,
  isLines: false,
  fields: [
    { code: 'supplier', names: names('供应商', 'Supplier', '供應商'), kind: 'supplier', required: true },
    {
      code: 'period',
      names: names('评价期间', 'Period', '評價期間'),
      kind: 'text',
      length: 20,
      required: true,
    },
    { code: 'quality', names: names('质量', 'Quality', '品質'), kind: 'integer', required: true },
    { code: 'delivery', names: names('交付', 'Delivery', '交付'), kind: 'integer', required: true },
    { code: 'price', names: names('价格', 'Price', '價格'), kind: 'integer', required: true },
    { code: 'service', names: names('服务', 'Service', '服務'), kind: 'integer', required: true },
    {
      code: 'score',
      names: names('加权得分', 'Weighted score', '加權得分'),
      kind: 'decimal',
      precision: 5,
      scale: 2,
    },
    { code: 'grade', names: names('等级', 'Grade', '等級'), kind: 'text', length: 1 },
    { code: 'remark', names: names('评语', 'Comments', '評語'), kind: 'text', length: 200 },
  ],
  // One evaluation of a supplier per period.
  indexes: [{ fields: ['supplier', 'period'], unique: true }],
};

const GRADES: [string, string, string, string][] = [
  ['A', 'A 优秀', 'A Excellent', 'A 優秀'],
  ['B', 'B 良好', 'B Good', 'B 良好'],
  ['C', 'C 合格', 'C Acceptable', 'C 合格'],
  ['D', 'D 待改进', 'D Needs improvement', 'D 待改進'],
];

const CONTENT: DesignContent = {
  form: {
    name: 'SupplierEvaluation',
    ...titled('供应商评价', 'Supplier evaluation', '供應商評價'),
    layout: { columns: 2 },
    sections: [
      { key: 'basic', kind: 'group', ...titled('评价对象', 'Evaluated supplier', '評價對象') },
      {
        key: 'purchasing',
        kind: 'group',
        ...titled(
          '采购评分（交付 30%、价格 20%、服务 10%）',
          'Purchasing scores (delivery 30%, price 20%, service 10%)',
          '採購評分（交付 30%、價格 20%、服務 10%）',
        ),
      },
      {
        key: 'qualityScore',
        kind: 'group',
        ...titled('质量评分（40%）', 'Quality score (40%)', '品質評分（40%）'),
      },
      { key: 'result', kind: 'group', ...titled('评价结果', 'Result', '評價結果') },
    ],
    fields: [
      {
        name: 'supplier',
        type: 'supplier',
        ...labels('供应商', 'Supplier', '供應商'),
        required: true,
        section: 'basic',
      },
      {
        name: 'period',
        type: 'input',
        ...labels('评价期间', 'Period', '評價期間'),
        required: true,
        maxLength: 20,
        placeholder: '2026-Q4',
        section: 'basic',
      },
      { name: 'delivery', ...SCORE, ...labels('交付', 'Delivery', '交付'), section: 'purchasing' },
      { name: 'price', ...SCORE, ...labels('价格', 'Price', '價格'), section: 'purchasing' },
      { name: 'service', ...SCORE, ...labels('服务', 'Service', '服務'), section: 'purchasing' },
      { name: 'quality', ...SCORE, ...labels('质量', 'Quality', '品質'), section: 'qualityScore' },
      {
        name: 'score',
        type: 'number',
        ...labels('加权得分', 'Weighted score', '加權得分'),
        precision: 2,
        computed: 'quality * 0.4 + delivery * 0.3 + price * 0.2 + service * 0.1',
        section: 'result',
      },
      {
        name: 'grade',
        type: 'select',
        ...labels('等级', 'Grade', '等級'),
        computed: 'grade(score, 90, 80, 70)',
        options: GRADES.map(([value, zh, en, tw]) => ({ value, ...labels(zh, en, tw) })),
        section: 'result',
      },
      {
        name: 'remark',
        type: 'textarea',
        ...labels('评语', 'Comments', '評語'),
        maxLength: 200,
        span: 24,
        section: 'result',
      },
    ],
  },
  list: {
    columns: [
      { field: 'supplier', width: 200 },
      { field: 'period', width: 110, sortable: true },
      { field: 'quality', width: 90, format: 'number' },
      { field: 'delivery', width: 90, format: 'number' },
      { field: 'price', width: 90, format: 'number' },
      { field: 'service', width: 90, format: 'number' },
      { field: 'score', width: 110, format: 'number', sortable: true },
      { field: 'grade', width: 120 },
    ],
    query: [
      { field: 'supplier', op: 'eq' },
      { field: 'period', op: 'like' },
      { field: 'grade', op: 'in' },
    ],
    sort: { field: 'period', order: 'desc' },
    pageSize: 20,
    buttons: ['add', 'edit', 'detail', 'delete', 'export', 'launchFlow'],
  },
};

const node = (zh: string, en: string, tw: string) => ({ name: zh, names: { 'en-US': en, 'zh-TW': tw } });

/** Launcher (purchasing) → quality review (may correct the quality score and the comments) → end. */
function evaluationTree(quality: string[]): FlowNode {
  return {
    id: 'start',
    type: 'start',
    ...node('采购评分', 'Purchasing scores', '採購評分'),
    next: {
      id: 'quality',
      type: 'approver',
      ...node('质量评审', 'Quality review', '品質評審'),
      assignee: { kind: 'users', userIds: quality },
      signMode: 'or',
      rejectTo: { kind: 'launcher' },
      formRights: { quality: 'editable', remark: 'editable' },
      next: { id: 'end', type: 'end', ...node('结束', 'End', '結束') },
    },
  };
}

/** The parts of a request's context the designers' services read, for the tenant's administrator. */
export function adminContext(db: Kysely<Database>, tenantId: string, userId: string): ServiceContext {
  return {
    db,
    tenantId,
    userId,
    locale: 'zh-CN',
    auth: { tenantId, userId, isAdmin: true },
    now: () => new Date(),
  } as unknown as ServiceContext;
}

/**
 * Adds the supplier evaluation to one tenant unless it has the model already: `admin` makes it,
 * `quality` are the flow's quality reviewers. Each step is its own service call (and transaction),
 * so call it outside a transaction. Whether it added it.
 */
export async function seedSupplierEvaluation(
  db: Kysely<Database>,
  tenantId: string,
  users: { admin: string; quality: string[] },
): Promise<boolean> {
  const has = await db
    .selectFrom('dm_model')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', SUPPLIER_EVALUATION.model)
    .executeTakeFirst();
  if (has) return false;
  const group = await db
    .selectFrom('sys_menu')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('menu_perms', '=', VENDOR_CODES.base)
    .executeTakeFirst();
  if (!group) return false;
  // The page's buttons and columns (menu type 3) and the flow's form (`Design<id>`) are known once
  // the domain registered them, which the first start's seed comes ahead of.
  registerOnlineDevHooks();
  const ctx = adminContext(db, tenantId, users.admin);
  const model = await createDataModel(ctx, MODEL);
  const design = await createDesign(ctx, {
    names: names('供应商评价', 'Supplier evaluation', '供應商評價'),
    category: 'supplier',
    kind: 'web',
    modelId: model.id,
    draft: CONTENT,
  });
  await publishDesign(ctx, design.id);
  const menu = await createMenu(
    ctx,
    menuBodySchema.parse({
      parentId: String(group.id),
      menuName: '供应商评价',
      menuNameEn: 'Supplier Evaluations',
      menuNameTw: '供應商評價',
      menuPerms: SUPPLIER_EVALUATION.menu,
      menuIcon: 'AuditOutlined',
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId: design.id, isTree: 0 }),
      orderNum: 3,
    }),
  );
  const flowId = await createDefinition(
    ctx,
    flowDefinitionSaveSchema.parse({
      enCode: SUPPLIER_EVALUATION.flow,
      fullName: '供应商评价审批',
      fullNameEn: 'Supplier evaluation approval',
      fullNameTw: '供應商評價審批',
      category: 'supplier',
      formName: designFormName(design.id),
      // Launched from the evaluation page (its launchFlow button), not from the launch catalogue.
      launchers: { all: false },
      flowTemplateJson: evaluationTree(users.quality),
      sortCode: 5,
    }),
  );
  await releaseDefinition(ctx, flowId);
  // The page, its buttons and its columns for the administrators and the buyers (who evaluate).
  await grantPage(db, tenantId, menu.id, ['admin', 'buyer']);
  return true;
}

export async function grantPage(db: Kysely<Database>, tenantId: string, menuId: string, roles: string[]) {
  await sql`insert into sys_grant (tenant_id, item_type, item_id, object_type, object_id)
    select ${tenantId}::bigint, 'menu', ${menuId}::bigint, 'role', r.id from sys_role r
    where r.tenant_id = ${tenantId}::bigint and r.en_code in (${sql.join(roles)})
    union all
    select ${tenantId}::bigint, 'button', b.id, 'role', r.id from sys_menu_button b
      join sys_role r on r.tenant_id = b.tenant_id and r.en_code in (${sql.join(roles)})
    where b.tenant_id = ${tenantId}::bigint and b.menu_id = ${menuId}::bigint
    union all
    select ${tenantId}::bigint, 'column', c.id, 'role', r.id from sys_menu_column c
      join sys_role r on r.tenant_id = c.tenant_id and r.en_code in (${sql.join(roles)})
    where c.tenant_id = ${tenantId}::bigint and c.menu_id = ${menuId}::bigint
    on conflict do nothing`.execute(db);
}

/** The users of the quality review of a tenant's supplier admission flow (its demo's quality reviewers). */
/** The item of `sys_seed_pending` (migration 0079) that stands for the evaluation. */
const PENDING_ITEM = 'supplierEvaluation';

function qualityReviewers(tree: unknown): string[] {
  let at = tree as { id?: string; assignee?: { userIds?: string[] }; next?: unknown } | undefined;
  while (at) {
    if (at.id === 'quality') return at.assignee?.userIds ?? [];
    at = at.next as typeof at;
  }
  return [];
}

/**
 * Tenants seeded with the workflow demo before the evaluation existed get it at start (after the
 * domains are registered), once: migration 0079 left them a `sys_seed_pending` row, which the start
 * claims by deleting it, so two servers starting together make it once, and a tenant that later
 * deletes the evaluation does not get it back. Its quality reviewers review evaluations too. A
 * tenant that made a model or flow of the same code meanwhile is left alone. The tenants it added.
 */
export async function addSupplierEvaluationToSeeded(db: Kysely<Database>): Promise<string[]> {
  const pending = await db
    .deleteFrom('sys_seed_pending')
    .where('item', '=', PENDING_ITEM)
    .returning('tenant_id')
    .execute();
  const added: string[] = [];
  for (const { tenant_id } of pending) {
    const tenantId = String(tenant_id);
    try {
      const taken = await db
        .selectFrom('dm_model')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', SUPPLIER_EVALUATION.model)
        .unionAll(
          db
            .selectFrom('flow_definition')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('en_code', '=', SUPPLIER_EVALUATION.flow),
        )
        .executeTakeFirst();
      if (taken) continue;
      const admission = await db
        .selectFrom('flow_definition as f')
        .innerJoin('flow_version as v', (j) =>
          j.onRef('v.definition_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
        )
        .select(['f.created_by', 'v.flow_template_json'])
        .where('f.tenant_id', '=', tenantId)
        .where('f.en_code', '=', 'vendorAdmission')
        .executeTakeFirst();
      if (!admission) continue;
      const quality = qualityReviewers(admission.flow_template_json);
      const admin = admission.created_by === null ? null : String(admission.created_by);
      if (!admin || !quality.length) continue;
      if (await seedSupplierEvaluation(db, tenantId, { admin, quality })) added.push(tenantId);
    } catch (error) {
      // Not made: offered again at the next start.
      await db
        .insertInto('sys_seed_pending')
        .values({ tenant_id: tenantId, item: PENDING_ITEM })
        .onConflict((oc) => oc.doNothing())
        .execute();
      throw error;
    }
  }
  return added;
}
