/**
 * Data reports (在线开发 › 报表设计, docs/reports.md): a report reads one dataset of the tenant and
 * shows its rows as a table, a pivot and charts (the shaping is the contracts' report-shape.ts).
 * Saving checks the dataset is the tenant's (another tenant's id answers 404) and, when the
 * dataset's columns are known without running it, that every field the report names is one. A
 * report is read through its menu item of type 5: the reader holds the item's code, runs the
 * dataset under his own tenant and data rules, and never sees the dataset's statement.
 */
import {
  type DatasetResult,
  MenuType,
  nameInLocale,
  REPORTS_PER_TENANT,
  type Report,
  type ReportButton,
  type ReportDataset,
  type ReportDefinition,
  type ReportSave,
  type ReportSummary,
  type ReportView,
  reportDefinitionSchema,
} from '@srm/contracts';
import type { Kysely, Selectable } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { datasetChoices, datasetOutputColumns, getDataset, readDataset, runDataset } from './dataset-service';
import { mapExists } from './map-service';
import {
  ID,
  menusOfModules,
  moduleOfMenu,
  ms,
  namesOf,
  publishAsMenu,
  refuseWhileInMenus,
} from './published-menus';

declareUnique('dm_report_tenant_id_code_key', { field: 'code', key: 'report.codeTaken' });

type Db = Kysely<Database>;
type ReportRow = Selectable<Database['dm_report']>;
type ParamValue = string | number | boolean | null;

/** The type-5 menu items of the tenant naming each report. */
const reportMenus = (db: Db, tenantId: string, ids: string[]) =>
  menusOfModules(db, tenantId, MenuType.dynamicReport, ids);

async function summariesOf(ctx: ServiceContext, rows: ReportRow[]): Promise<ReportSummary[]> {
  const ids = rows.map((r) => String(r.id));
  const menus = await reportMenus(ctx.deps.db, ctx.auth.tenantId, ids);
  const datasetIds = [...new Set(rows.map((r) => String(r.dataset_id)))];
  const datasets = datasetIds.length
    ? await ctx.deps.db
        .selectFrom('dm_dataset')
        .select(['id', 'full_name', 'full_name_en', 'full_name_tw'])
        .where('tenant_id', '=', ctx.auth.tenantId)
        .where('id', 'in', datasetIds)
        .execute()
    : [];
  const datasetNames = new Map(datasets.map((d) => [String(d.id), namesOf(d)]));
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    datasetId: String(row.dataset_id),
    datasetNames: datasetNames.get(String(row.dataset_id)) ?? { 'zh-CN': '' },
    menus: menus.get(String(row.id)) ?? [],
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  }));
}

export async function listReports(
  ctx: ServiceContext,
  q: { keyword?: string | undefined },
): Promise<ReportSummary[]> {
  let query = ctx.deps.db.selectFrom('dm_report').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', like),
        eb('full_name', 'ilike', like),
        eb('full_name_en', 'ilike', like),
        eb('full_name_tw', 'ilike', like),
      ]),
    );
  }
  return summariesOf(ctx, await query.orderBy('code').execute());
}

async function reportRow(ctx: ServiceContext, id: string): Promise<ReportRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_report')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function toReport(ctx: ServiceContext, row: ReportRow): Promise<Report> {
  const [summary] = await summariesOf(ctx, [row]);
  return {
    ...(summary as ReportSummary),
    definition: reportDefinitionSchema.parse({
      ...(row.definition as object),
      datasetId: String(row.dataset_id),
    }),
  };
}

export async function getReport(ctx: ServiceContext, id: string): Promise<Report> {
  return toReport(ctx, await reportRow(ctx, id));
}

/** The datasets a report may read, with what their query form asks and the columns they answer. */
export const reportDatasets = (ctx: ServiceContext): Promise<ReportDataset[]> => datasetChoices(ctx);

/**
 * The definition against its dataset: the dataset must be the tenant's (404), and each field the
 * report names must be a column of the dataset's rows when those are known before running.
 */
async function checkDefinition(ctx: ServiceContext, definition: ReportDefinition): Promise<void> {
  const dataset = await getDataset(ctx, definition.datasetId);
  // Another tenant's map is not there for this one.
  for (const c of definition.charts) if (c.mapId && !(await mapExists(ctx, c.mapId))) throw notFound();
  const known = (await datasetOutputColumns(ctx, [dataset])).get(dataset.id);
  if (!known) return;
  const columns = new Set(known);
  const problems: Record<string, string> = {};
  const check = (path: string, field: string | undefined) => {
    if (field !== undefined && !columns.has(field))
      problems[`definition.${path}`] = t(ctx.locale, 'report.unknownField', { field });
  };
  for (const [i, c] of definition.table.columns.entries()) check(`table.columns.${i}.field`, c.field);
  if (definition.pivot) {
    for (const [i, f] of definition.pivot.rows.entries()) check(`pivot.rows.${i}`, f);
    check('pivot.column', definition.pivot.column);
    check('pivot.value', definition.pivot.value);
  }
  for (const [i, c] of definition.charts.entries()) {
    check(`charts.${i}.x`, c.x);
    for (const [j, f] of c.y.entries()) check(`charts.${i}.y.${j}`, f);
    check(`charts.${i}.series`, c.series);
  }
  if (Object.keys(problems).length) throw fieldError(problems);
}

function rowValues(ctx: ServiceContext, input: ReportSave, definition: ReportDefinition) {
  const { datasetId, ...rest } = definition;
  return {
    code: input.code,
    full_name: input.names['zh-CN'],
    full_name_en: input.names['en-US'] ?? '',
    full_name_tw: input.names['zh-TW'] ?? '',
    dataset_id: datasetId,
    definition: JSON.stringify(rest),
    updated_by: ctx.auth.userId,
  };
}

async function checkCodeFree(ctx: ServiceContext, code: string, exceptId?: string) {
  let query = ctx.deps.db
    .selectFrom('dm_report')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw fieldError({ code: t(ctx.locale, 'report.codeTaken') });
}

export async function createReport(ctx: ServiceContext, input: ReportSave): Promise<Report> {
  const definition = reportDefinitionSchema.parse(input.definition);
  await checkDefinition(ctx, definition);
  await checkCodeFree(ctx, input.code);
  const count = await ctx.deps.db
    .selectFrom('dm_report')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= REPORTS_PER_TENANT)
    throw new AppError(400, 'report.tooMany', { max: REPORTS_PER_TENANT });
  const row = await ctx.deps.db
    .insertInto('dm_report')
    .values({
      tenant_id: ctx.auth.tenantId,
      ...rowValues(ctx, input, definition),
      created_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReport(ctx, row);
}

export async function updateReport(ctx: ServiceContext, id: string, input: ReportSave): Promise<Report> {
  await reportRow(ctx, id);
  const definition = reportDefinitionSchema.parse(input.definition);
  await checkDefinition(ctx, definition);
  await checkCodeFree(ctx, input.code, id);
  const row = await ctx.deps.db
    .updateTable('dm_report')
    .set({
      ...rowValues(ctx, input, definition),
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toReport(ctx, row);
}

/** Deletes a report; refused (409, naming them) while menu items open it. */
export async function deleteReport(ctx: ServiceContext, id: string): Promise<void> {
  await reportRow(ctx, id);
  await refuseWhileInMenus(ctx, MenuType.dynamicReport, id, 'report.inUse');
  await ctx.deps.db
    .deleteFrom('dm_report')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

/** Whether a report of the tenant exists (what a type-5 menu item may name). */
export async function reportExists(db: Kysely<Database>, tenantId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('dm_report')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** A dataset's rows as a report reads them: without the statement. */
function rowsOnly(result: DatasetResult): Omit<DatasetResult, 'statement'> {
  const { statement: _statement, ...rest } = result;
  return rest;
}

/** The designer's preview: a dataset's rows with parameter values. */
export async function previewReportRows(
  ctx: ServiceContext,
  datasetId: string,
  params: Record<string, ParamValue>,
): Promise<Omit<DatasetResult, 'statement'>> {
  return rowsOnly(await runDataset(ctx, datasetId, params));
}

/** A menu item of type 5 opening the report, named as it, under the web directory `parentId`. */
export async function publishReport(
  ctx: ServiceContext,
  id: string,
  input: { parentId: string; enCode: string },
) {
  const row = await reportRow(ctx, id);
  return publishAsMenu(ctx, row, { menuType: MenuType.dynamicReport, icon: 'BarChartOutlined' }, input);
}

export interface OpenReport {
  menuCode: string;
  row: ReportRow;
  view: ReportView;
}

/**
 * The report of menu item `menuId` for the caller: the tenant's enabled type-5 item naming a report
 * of the tenant (else 404), whose code the caller holds (else 403).
 */
export async function reportOfMenu(ctx: ServiceContext, menuId: string): Promise<OpenReport> {
  const menu = await moduleOfMenu(ctx, menuId, MenuType.dynamicReport);
  const perms = await ctx.permissions();
  const row = await reportRow(ctx, menu.moduleId);
  const dataset = await getDataset(ctx, String(row.dataset_id));
  const { datasetId: _datasetId, ...definition } = reportDefinitionSchema.parse({
    ...(row.definition as object),
    datasetId: String(row.dataset_id),
  });
  const buttons: ReportButton[] = [];
  if (perms.isAdmin || perms.codes.has(`${menu.menuCode}.export`)) buttons.push('export');
  return {
    menuCode: menu.menuCode,
    row,
    view: { id: String(row.id), names: namesOf(row), params: dataset.definition.params, definition, buttons },
  };
}

/** The rows of the report the caller opened (his tenant, his data rules). */
export async function runReport(
  ctx: ServiceContext,
  open: OpenReport,
  params: Record<string, ParamValue>,
): Promise<Omit<DatasetResult, 'statement'>> {
  return rowsOnly(await readDataset(ctx, String(open.row.dataset_id), params));
}

/** The report's name in the caller's language. */
export function reportTitle(ctx: ServiceContext, row: ReportRow): string {
  return nameInLocale(ctx.locale, row.full_name, row.full_name_en, row.full_name_tw);
}

/** The items of a report's menu item: its export button. */
export async function reportMenuItems() {
  return { button: [{ suffix: 'export', name: '导出' }], column: [] };
}
