import {
  AREA_MAX_LEVEL,
  AREA_ROOT,
  AREA_SEARCH_LIMIT,
  type AreaCreate,
  type AreaItem,
  type AreaMatch,
  type AreaUpdate,
} from '@srm/contracts';
import { type RawBuilder, sql } from 'kysely';
import { AppError, notFound } from '../../core/errors';
import type { ServiceContext } from '../../core/service-context';

/** Who asks: the tenant whose corrections apply (null: anonymous, the shipped data only). */
/** The reader: a signed-in user's tenant (its corrections apply), or none for an anonymous form (shipped data). */
export type AreaContext = Pick<ServiceContext, 'db'> & { tenantId: string | null };

/** A tenant's writer of corrections. */
export type AreaWriteContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId'>;

interface Row {
  code: string;
  parent_code: string;
  name: string;
  short_name: string;
  level: number;
  enabled: boolean;
  added: boolean;
  edited: boolean;
  original_name: string;
}

/**
 * The areas a tenant sees: its own rows (corrections and additions) over the shipped ones. A
 * predicate on the result is pushed into both branches, so a parent's children use the indexes.
 */
function merged(tenantId: string | null): RawBuilder<Row> {
  if (tenantId === null)
    return sql<Row>`(select code, parent_code, name, '' as short_name, level, true as enabled,
      false as added, false as edited, '' as original_name, sort from sys_area)`;
  return sql<Row>`(select t.code, t.parent_code, t.name, t.short_name, t.level, t.enabled, t.added,
      not t.added as edited, coalesce(a.name, '') as original_name, coalesce(a.sort, 1000000) as sort
    from sys_area_tenant t left join sys_area a on a.code = t.code
    where t.tenant_id = ${tenantId}
    union all
    select a.code, a.parent_code, a.name, '' as short_name, a.level, true as enabled, false as added,
      false as edited, '' as original_name, a.sort
    from sys_area a
    where not exists (select 1 from sys_area_tenant t where t.tenant_id = ${tenantId} and t.code = a.code))`;
}

const toItem = (r: Row): AreaItem => ({
  code: r.code,
  parentCode: r.parent_code,
  name: r.name,
  shortName: r.short_name,
  level: Number(r.level),
  enabled: r.enabled,
  isLeaf: Number(r.level) >= AREA_MAX_LEVEL,
  added: r.added,
  edited: r.edited,
  originalName: r.original_name,
});

/** Children of a parent ('0': the provinces), in the shipped order, added entries last. */
export async function areaChildren(
  ctx: AreaContext,
  parentCode: string,
  options: { enabledOnly: boolean },
): Promise<AreaItem[]> {
  const enabled = options.enabledOnly ? sql`and m.enabled` : sql``;
  const rows = await sql<Row>`select m.* from ${merged(ctx.tenantId)} m
    where m.parent_code = ${parentCode} ${enabled} order by m.sort, m.code`.execute(ctx.db);
  return rows.rows.map(toItem);
}

async function areasByCode(ctx: AreaContext, codes: string[]): Promise<Map<string, Row>> {
  if (codes.length === 0) return new Map();
  const rows = await sql<Row>`select m.* from ${merged(ctx.tenantId)} m
    where m.code in (${sql.join(codes)})`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [r.code, r]));
}

export async function findArea(ctx: AreaContext, code: string): Promise<AreaItem | null> {
  const row = (await areasByCode(ctx, [code])).get(code);
  return row ? toItem(row) : null;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** At most this many pinyin matches go into the query (the search shows fewer still). */
const AREA_PINYIN_CODES = 300;

/** The shipped areas by the pinyin of their names: the whole syllables run together, and the initials. */
type PinyinEntry = { code: string; full: string; initials: string };
const pinyinIndexes = new WeakMap<object, Promise<PinyinEntry[]>>();

/**
 * Built once per database on the first Latin keyword (pinyin-pro, which knows the readings of place
 * names such as 重庆 chongqing): the shipped names only, a tenant's corrections keep the Chinese
 * search. Loaded lazily, so a server that is never asked in Latin letters never loads the library.
 */
function pinyinIndex(db: AreaContext['db']): Promise<PinyinEntry[]> {
  let index = pinyinIndexes.get(db);
  if (!index) {
    index = (async () => {
      const [{ pinyin }, rows] = await Promise.all([
        import('pinyin-pro'),
        db.selectFrom('sys_area').select(['code', 'name']).execute(),
      ]);
      return rows.map((r) => ({
        code: r.code,
        full: pinyin(r.name, { toneType: 'none', type: 'array', nonZh: 'removed' }).join('').toLowerCase(),
        initials: pinyin(r.name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' })
          .join('')
          .toLowerCase(),
      }));
    })();
    index.catch(() => pinyinIndexes.delete(db));
    pinyinIndexes.set(db, index);
  }
  return index;
}

/**
 * Codes of shipped areas a Latin keyword names in pinyin ("shanghai", "Chong qing", or the initials
 * "bj"): a user who works in English types a place as it is spelt in English, which for Chinese
 * places is mostly their pinyin. None for a keyword with other characters.
 */
async function codesByPinyin(ctx: AreaContext, keyword: string): Promise<string[]> {
  if (!/^[a-z\s'-]+$/i.test(keyword)) return [];
  const wanted = keyword.toLowerCase().replace(/[^a-z]/g, '');
  if (wanted.length < 2) return [];
  const index = await pinyinIndex(ctx.db);
  const codes: string[] = [];
  for (const entry of index) {
    if (entry.full.includes(wanted) || entry.initials.startsWith(wanted)) codes.push(entry.code);
    if (codes.length >= AREA_PINYIN_CODES) break;
  }
  return codes;
}

/**
 * Entries whose name or short name contains the keyword, or whose code starts with it, each with
 * its ancestors (province first), provinces before cities before districts.
 */
export async function searchAreas(
  ctx: AreaContext,
  keyword: string,
  options: { enabledOnly: boolean },
): Promise<{ matches: AreaItem[]; paths: AreaMatch[] }> {
  const contains = `%${likeEscape(keyword)}%`;
  const enabled = options.enabledOnly ? sql`and m.enabled` : sql``;
  const pinyinCodes = await codesByPinyin(ctx, keyword);
  const byPinyin = pinyinCodes.length ? sql`or m.code in (${sql.join(pinyinCodes)})` : sql``;
  const found = await sql<Row>`select m.* from ${merged(ctx.tenantId)} m
    where (m.name like ${contains} or m.short_name like ${contains} or m.code like ${`${likeEscape(keyword)}%`}
      ${byPinyin})
      ${enabled}
    order by m.level, m.sort, m.code limit ${AREA_SEARCH_LIMIT}`.execute(ctx.db);
  const known = new Map(found.rows.map((r) => [r.code, r]));
  // At most two rounds: a district's city, then the city's province.
  for (let round = 0; round < AREA_MAX_LEVEL - 1; round++) {
    const missing = [...new Set([...known.values()].map((r) => r.parent_code))].filter(
      (code) => code !== AREA_ROOT && !known.has(code),
    );
    if (missing.length === 0) break;
    for (const [code, row] of await areasByCode(ctx, missing)) known.set(code, row);
  }
  const paths = found.rows.map((row) => {
    const path: AreaMatch['path'] = [];
    for (
      let r: Row | undefined = row;
      r;
      r = r.parent_code === AREA_ROOT ? undefined : known.get(r.parent_code)
    )
      path.unshift({ code: r.code, name: r.name, isLeaf: Number(r.level) >= AREA_MAX_LEVEL });
    return { path };
  });
  // A disabled ancestor hides its matches from forms.
  const usable = options.enabledOnly
    ? paths.filter((p) => p.path.every((step) => known.get(step.code)?.enabled !== false))
    : paths;
  return { matches: found.rows.map(toItem), paths: usable };
}

/** Corrects an entry the tenant sees (shipped or its own): name, short name, enabled. */
export async function updateArea(ctx: AreaWriteContext, code: string, body: AreaUpdate) {
  const current = await findArea(ctx, code);
  if (!current) throw notFound();
  const values = {
    name: body.name,
    short_name: body.shortName ?? '',
    enabled: body.enabled ?? true,
    updated_by: ctx.userId,
    updated_at: new Date(),
  };
  await ctx.db
    .insertInto('sys_area_tenant')
    .values({
      tenant_id: ctx.tenantId,
      code,
      parent_code: current.parentCode,
      level: current.level,
      added: current.added,
      ...values,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).doUpdateSet(values))
    .execute();
  return (await findArea(ctx, code)) as AreaItem;
}

/** Adds an entry the shipped data lacks, under a province or city the tenant sees. */
export async function createArea(ctx: AreaWriteContext, body: AreaCreate) {
  let level = 1;
  if (body.parentCode !== AREA_ROOT) {
    const parent = await findArea(ctx, body.parentCode);
    if (!parent) throw notFound();
    if (parent.isLeaf) throw new AppError(400, 'area.leafParent');
    level = parent.level + 1;
  }
  if (await findArea(ctx, body.code)) throw new AppError(409, 'area.codeTaken', { code: body.code });
  const inserted = await ctx.db
    .insertInto('sys_area_tenant')
    .values({
      tenant_id: ctx.tenantId,
      code: body.code,
      parent_code: body.parentCode,
      name: body.name,
      short_name: body.shortName ?? '',
      level,
      enabled: body.enabled ?? true,
      added: true,
      updated_by: ctx.userId,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
    .returning('code')
    .executeTakeFirst();
  // Two administrators adding the same code at once: the second is told, not given a 500.
  if (!inserted) throw new AppError(409, 'area.codeTaken', { code: body.code });
  return (await findArea(ctx, body.code)) as AreaItem;
}
