/**
 * Data screens (在线开发 › 大屏设计, docs/data-screens.md): a full-screen dashboard on a 1920×1080
 * canvas, published as menu type 6 (the viewer, data-screen-view.ts). Saving checks that each
 * dataset widget's dataset is the tenant's (another tenant's, or a missing one, answers 404) and
 * that the fields it names are columns of its rows where those are known (portal-service.ts
 * `datasetWidgetProblems`, shared with portals).
 */
import {
  DATA_SCREENS_PER_TENANT,
  type DataScreen,
  type DataScreenDefinition,
  type DataScreenSave,
  type DataScreenSummary,
  dataScreenDefinitionSchema,
  MenuType,
  type PortalSources,
} from '@srm/contracts';
import type { Selectable } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { datasetChoices } from './dataset-service';
import { datasetWidgetProblems } from './portal-service';
import { ID, menusOfModules, ms, namesOf, publishAsMenu, refuseWhileInMenus } from './published-menus';

declareUnique('dm_data_screen_tenant_id_code_key', { field: 'code', key: 'dataScreen.codeTaken' });

export type DataScreenRow = Selectable<Database['dm_data_screen']>;

async function summariesOf(ctx: ServiceContext, rows: DataScreenRow[]): Promise<DataScreenSummary[]> {
  const ids = rows.map((r) => String(r.id));
  const menus = await menusOfModules(ctx.deps.db, ctx.auth.tenantId, MenuType.visualisation, ids);
  return rows.map((row) => ({
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    menus: menus.get(String(row.id)) ?? [],
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  }));
}

export async function listDataScreens(
  ctx: ServiceContext,
  q: { keyword?: string | undefined },
): Promise<DataScreenSummary[]> {
  let query = ctx.deps.db.selectFrom('dm_data_screen').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or(['code', 'full_name', 'full_name_en', 'full_name_tw'].map((c) => eb(c as 'code', 'ilike', like))),
    );
  }
  return summariesOf(ctx, await query.orderBy('code').execute());
}

/** The tenant's screen `id`; another tenant's, or a malformed id, answers 404. */
export async function dataScreenRow(ctx: ServiceContext, id: string): Promise<DataScreenRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_data_screen')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const dataScreenDefinitionOf = (row: DataScreenRow): DataScreenDefinition =>
  dataScreenDefinitionSchema.parse(row.definition);

async function toDataScreen(ctx: ServiceContext, row: DataScreenRow): Promise<DataScreen> {
  const [summary] = await summariesOf(ctx, [row]);
  return { ...(summary as DataScreenSummary), definition: dataScreenDefinitionOf(row) };
}

export async function getDataScreen(ctx: ServiceContext, id: string): Promise<DataScreen> {
  return toDataScreen(ctx, await dataScreenRow(ctx, id));
}

/** What a widget may read: the tenant's datasets with their parameters and columns. */
export async function dataScreenSources(ctx: ServiceContext): Promise<Pick<PortalSources, 'datasets'>> {
  return { datasets: await datasetChoices(ctx) };
}

/** The definition against the tenant: datasets of the tenant (404), fields their rows have (400). */
async function checkedDefinition(
  ctx: ServiceContext,
  input: DataScreenSave['definition'],
): Promise<DataScreenDefinition> {
  const definition = dataScreenDefinitionSchema.parse(input);
  const problems = await datasetWidgetProblems(ctx, definition.widgets.entries());
  if (Object.keys(problems).length) throw fieldError(problems);
  return definition;
}

function rowValues(ctx: ServiceContext, input: DataScreenSave, definition: DataScreenDefinition) {
  return {
    code: input.code,
    full_name: input.names['zh-CN'],
    full_name_en: input.names['en-US'] ?? '',
    full_name_tw: input.names['zh-TW'] ?? '',
    definition: JSON.stringify(definition),
    updated_by: ctx.auth.userId,
  };
}

async function checkCodeFree(ctx: ServiceContext, code: string, exceptId?: string) {
  let query = ctx.deps.db
    .selectFrom('dm_data_screen')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('code', '=', code);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw fieldError({ code: t(ctx.locale, 'dataScreen.codeTaken') });
}

/** Creates a screen; two identical creates at once make one (the code's unique key answers the other). */
export async function createDataScreen(ctx: ServiceContext, input: DataScreenSave): Promise<DataScreen> {
  const definition = await checkedDefinition(ctx, input.definition);
  await checkCodeFree(ctx, input.code);
  const count = await ctx.deps.db
    .selectFrom('dm_data_screen')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= DATA_SCREENS_PER_TENANT)
    throw new AppError(400, 'dataScreen.tooMany', { max: DATA_SCREENS_PER_TENANT });
  const row = await ctx.deps.db
    .insertInto('dm_data_screen')
    .values({
      tenant_id: ctx.auth.tenantId,
      ...rowValues(ctx, input, definition),
      created_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDataScreen(ctx, row);
}

export async function updateDataScreen(
  ctx: ServiceContext,
  id: string,
  input: DataScreenSave,
): Promise<DataScreen> {
  await dataScreenRow(ctx, id);
  const definition = await checkedDefinition(ctx, input.definition);
  await checkCodeFree(ctx, input.code, id);
  const row = await ctx.deps.db
    .updateTable('dm_data_screen')
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
  return toDataScreen(ctx, row);
}

/** Deletes a screen (its view tokens with it); refused (409, naming them) while menu items open it. */
export async function deleteDataScreen(ctx: ServiceContext, id: string): Promise<void> {
  await dataScreenRow(ctx, id);
  await refuseWhileInMenus(ctx, MenuType.visualisation, id, 'dataScreen.inUse');
  await ctx.deps.db
    .deleteFrom('dm_data_screen')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

/** A menu item of type 6 opening the screen's viewer, named as it, under the web directory `parentId`. */
export async function publishDataScreen(
  ctx: ServiceContext,
  id: string,
  input: { parentId: string; enCode: string },
) {
  const row = await dataScreenRow(ctx, id);
  return publishAsMenu(ctx, row, { menuType: MenuType.visualisation, icon: 'DashboardOutlined' }, input);
}

/** Whether a data screen of the tenant exists (what a type-6 menu item may name). */
export async function dataScreenExists(
  db: Parameters<typeof menusOfModules>[0],
  tenantId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('dm_data_screen')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
