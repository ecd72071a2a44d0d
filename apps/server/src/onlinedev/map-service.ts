/**
 * Maps (系统数据 › 数据地图, docs/maps.md): the product's map of China's provinces (map-china.ts)
 * and the tenant's uploads, each kept as only its features' geometry, name and code (map.core.ts
 * checks the file on both sides). Report charts of type `map` colour a map's regions by a
 * dataset's values, so a map is not deleted while a report draws it.
 */
import {
  checkMapText,
  MAP_CHINA_PROVINCES,
  MAPS_PER_TENANT,
  type MapCheck,
  type MapCreate,
  type MapDetail,
  type MapGeoJson,
  type MapProblem,
  type MapSummary,
  type MapUpdate,
  mapRegions,
} from '@srm/contracts';
import { type Selectable, sql } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { chinaProvinces } from './map-china';
import { ID, ms, namesOf } from './published-menus';

declareUnique('dm_map_tenant_id_code_key', { field: 'code', key: 'map.codeTaken' });

type MapRow = Selectable<Database['dm_map']>;
const LIST_COLUMNS = [
  'id',
  'code',
  'full_name',
  'full_name_en',
  'full_name_tw',
  'name_property',
  'code_property',
  'feature_count',
  'updated_by_name',
  'updated_at',
  'created_at',
] as const;
type ListedRow = Pick<MapRow, (typeof LIST_COLUMNS)[number]>;

const BUILT_IN_NAMES = {
  'zh-CN': '中国省级行政区',
  'en-US': 'Provinces of China',
  'zh-TW': '中國省級行政區',
};

function summaryOf(row: ListedRow): MapSummary {
  return {
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    builtIn: false,
    features: row.feature_count,
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  };
}

async function builtInSummary(): Promise<MapSummary> {
  return {
    id: MAP_CHINA_PROVINCES,
    code: MAP_CHINA_PROVINCES,
    names: BUILT_IN_NAMES,
    builtIn: true,
    features: (await chinaProvinces()).features.length,
    updatedAt: null,
    updatedByName: '',
  };
}

export async function listMaps(
  ctx: ServiceContext,
  q: { keyword?: string | undefined },
): Promise<MapSummary[]> {
  let query = ctx.deps.db
    .selectFrom('dm_map')
    .select(LIST_COLUMNS)
    .where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', like), eb('full_name', 'ilike', like), eb('full_name_en', 'ilike', like)]),
    );
  }
  const rows = (await query.orderBy('code').execute()).map(summaryOf);
  const builtIn = await builtInSummary();
  const keyword = q.keyword?.toLowerCase();
  const shown =
    !keyword ||
    builtIn.code.includes(keyword) ||
    Object.values(builtIn.names).some((n) => n.toLowerCase().includes(keyword));
  return shown ? [builtIn, ...rows] : rows;
}

async function mapRow(ctx: ServiceContext, id: string): Promise<MapRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_map')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The regions of map `id` (the product's, or the tenant's; 404 for another tenant's). */
export async function mapGeoJson(ctx: ServiceContext, id: string): Promise<MapGeoJson> {
  if (id === MAP_CHINA_PROVINCES) return chinaProvinces();
  return (await mapRow(ctx, id)).geo_json as unknown as MapGeoJson;
}

const regionsOf = (geo: MapGeoJson) => geo.features.map((f) => ({ ...f.properties }));

export async function getMap(ctx: ServiceContext, id: string): Promise<MapDetail> {
  if (id === MAP_CHINA_PROVINCES) {
    const geo = await chinaProvinces();
    return { ...(await builtInSummary()), nameProperty: 'name', codeProperty: 'id', regions: regionsOf(geo) };
  }
  const row = await mapRow(ctx, id);
  return {
    ...summaryOf(row),
    nameProperty: row.name_property,
    codeProperty: row.code_property,
    regions: regionsOf(row.geo_json as unknown as MapGeoJson),
  };
}

/** A check's refusal as a 400: at the file, or at the name property it concerns. */
function problemError(ctx: ServiceContext, problem: MapProblem) {
  const field =
    problem.key === 'map.noProperty' || problem.key === 'map.blankName' ? 'nameProperty' : 'geoJson';
  return fieldError({ [field]: t(ctx.locale, problem.key as MessageKey, problem.params) });
}

/** Checks a file before it is kept: its features and properties to choose from. */
export function checkMap(ctx: ServiceContext, text: string): MapCheck {
  const checked = checkMapText(text);
  if ('key' in checked) throw problemError(ctx, checked);
  return checked;
}

function regionsFrom(
  ctx: ServiceContext,
  input: { geoJson: string; nameProperty: string; codeProperty?: string },
) {
  const regions = mapRegions(input.geoJson, input.nameProperty, input.codeProperty ?? '');
  if ('key' in regions) throw problemError(ctx, regions);
  return regions;
}

function assertCodeFree(ctx: ServiceContext, code: string) {
  if (code === MAP_CHINA_PROVINCES) throw fieldError({ code: t(ctx.locale, 'map.codeTaken') });
}

export async function createMap(ctx: ServiceContext, input: MapCreate): Promise<MapDetail> {
  assertCodeFree(ctx, input.code);
  const regions = regionsFrom(ctx, input);
  const count = await ctx.deps.db
    .selectFrom('dm_map')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (count.n >= MAPS_PER_TENANT) throw new AppError(400, 'map.tooMany', { max: MAPS_PER_TENANT });
  const row = await ctx.deps.db
    .insertInto('dm_map')
    .values({
      tenant_id: ctx.auth.tenantId,
      code: input.code,
      full_name: input.names['zh-CN'],
      full_name_en: input.names['en-US'] ?? '',
      full_name_tw: input.names['zh-TW'] ?? '',
      name_property: input.nameProperty,
      code_property: input.codeProperty ?? '',
      feature_count: regions.features.length,
      geo_json: JSON.stringify(regions),
      created_by: ctx.auth.userId,
      updated_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getMap(ctx, String(row.id));
}

function assertEditable(id: string) {
  if (id === MAP_CHINA_PROVINCES) throw new AppError(400, 'map.builtIn');
}

/** Names, and with a new file its regions (and the properties that name them). */
export async function updateMap(ctx: ServiceContext, id: string, input: MapUpdate): Promise<MapDetail> {
  assertEditable(id);
  await mapRow(ctx, id);
  assertCodeFree(ctx, input.code);
  const regions = input.geoJson ? regionsFrom(ctx, { ...input, geoJson: input.geoJson }) : null;
  await ctx.deps.db
    .updateTable('dm_map')
    .set({
      code: input.code,
      full_name: input.names['zh-CN'],
      full_name_en: input.names['en-US'] ?? '',
      full_name_tw: input.names['zh-TW'] ?? '',
      ...(regions
        ? {
            name_property: input.nameProperty,
            code_property: input.codeProperty ?? '',
            feature_count: regions.features.length,
            geo_json: JSON.stringify(regions),
          }
        : {}),
      updated_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
  return getMap(ctx, id);
}

/** Deletes a map; refused (409, naming them) while reports draw it. */
export async function deleteMap(ctx: ServiceContext, id: string): Promise<void> {
  assertEditable(id);
  await mapRow(ctx, id);
  const reports = await ctx.deps.db
    .selectFrom('dm_report')
    .select(['code', 'full_name'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where(sql<boolean>`definition->'charts' @> ${JSON.stringify([{ mapId: id }])}::jsonb`)
    .orderBy('code')
    .execute();
  if (reports.length)
    throw new AppError(409, 'map.inUse', {
      users: reports.map((r) => `${r.full_name} (${r.code})`).join(', '),
    });
  await ctx.deps.db
    .deleteFrom('dm_map')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

/** Whether `id` names a map the tenant may draw (the product's, or one of its own). */
export async function mapExists(ctx: ServiceContext, id: string): Promise<boolean> {
  if (id === MAP_CHINA_PROVINCES) return true;
  if (!ID.test(id)) return false;
  return !!(await ctx.deps.db
    .selectFrom('dm_map')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst());
}
