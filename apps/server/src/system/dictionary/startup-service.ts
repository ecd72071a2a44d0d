import {
  type ConfDict,
  type ConfigItem,
  type DictionaryNode,
  type Dist,
  dictName,
  type Locale,
} from '@srm/contracts';
import type { VersionedCache } from '../../core/cache';
import { StoredAnswer } from '../../core/stored-answer';
import { PUBLIC_CONFIG_KEYS } from '../sys-config';
import type { Db } from './context';

/** The start-up loads (docs/rules.md#start-up). */
export type StartupKind = 'enums' | 'conf' | 'sysDist' | 'baseDist' | 'sysConfig' | 'baseConfig';

/** Entries live until the tenant's dictionary version moves; this only bounds idle memory. */
const STARTUP_TTL_MS = 10 * 60_000;

/**
 * The tenant's dictionary counter (migration 0017): bumped by any write to categories, types,
 * items, configs or enums. A tenant without a row reads as 0.
 */
export async function dictVersion(db: Db, tenantId: string): Promise<string> {
  const row = await db
    .selectFrom('sys_tenant_cache_version')
    .select('dict_version')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? String(row.dict_version) : '0';
}

async function loadDicts(db: Db, tenantId: string, filter: { scope?: 'sys' | 'base'; conf?: boolean }) {
  let typesQ = db
    .selectFrom('sys_dict_type')
    .select(['id', 'en_code', 'full_name', 'full_name_en', 'full_name_tw', 'is_tree', 'enabled'])
    .where('tenant_id', '=', tenantId)
    .orderBy('order_num')
    .orderBy('id');
  if (filter.scope) typesQ = typesQ.where('scope', '=', filter.scope);
  if (filter.conf) typesQ = typesQ.where('is_conf', '=', true);
  const types = await typesQ.execute();
  const items = types.length
    ? await db
        .selectFrom('sys_dict_item')
        .select([
          'id',
          'type_id',
          'parent_id',
          'en_code',
          'full_name',
          'full_name_en',
          'full_name_tw',
          'order_num',
          'enabled',
        ])
        .where('tenant_id', '=', tenantId)
        .where(
          'type_id',
          'in',
          types.map((x) => x.id),
        )
        .orderBy('order_num')
        .orderBy('id')
        .execute()
    : [];
  const byType = new Map<string, typeof items>();
  for (const item of items) {
    const key = String(item.type_id);
    const list = byType.get(key) ?? [];
    list.push(item);
    byType.set(key, list);
  }
  return types.map((type) => ({ type, items: byType.get(String(type.id)) ?? [] }));
}

const names = (i: { full_name: string; full_name_en: string; full_name_tw: string }) => ({
  fullName: i.full_name,
  fullNameEn: i.full_name_en,
  fullNameTw: i.full_name_tw,
});

async function confDicts(db: Db, tenantId: string, locale: Locale): Promise<ConfDict[]> {
  const dicts = await loadDicts(db, tenantId, { conf: true });
  return dicts.map(({ type, items }) => {
    // Children lists by parent, in order; a flat type keeps every item at the root.
    const nodes = new Map<string, DictionaryNode>();
    const kids = new Map<string, DictionaryNode[]>();
    for (const i of items) {
      nodes.set(String(i.id), {
        id: String(i.id),
        fullName: dictName(names(i), locale),
        enCode: i.en_code,
        enabled: type.enabled && i.enabled,
        children: null,
      });
    }
    for (const i of items) {
      const parent = type.is_tree ? String(i.parent_id) : '0';
      const list = kids.get(parent) ?? [];
      const node = nodes.get(String(i.id));
      if (node) list.push(node);
      kids.set(parent, list);
    }
    for (const [parent, list] of kids) {
      const node = nodes.get(parent);
      if (node) node.children = list;
    }
    return {
      enCode: type.en_code,
      fullName: dictName(names(type), locale),
      isTree: type.is_tree ? 1 : 0,
      dictionaryList: kids.get('0') ?? [],
    };
  });
}

async function dists(db: Db, tenantId: string, scope: 'sys' | 'base', locale: Locale): Promise<Dist[]> {
  const dicts = await loadDicts(db, tenantId, { scope });
  return dicts.map(({ type, items }) => ({
    distCode: type.en_code,
    distName: dictName(names(type), locale),
    distDataList: items.map((i) => ({
      distData: i.en_code,
      distLabel: dictName(names(i), locale),
      sort: i.order_num,
      enabled: type.enabled && i.enabled,
    })),
  }));
}

async function configs(db: Db, tenantId: string, scope: 'sys' | 'base'): Promise<ConfigItem[]> {
  const rows = await db
    .selectFrom('sys_config')
    .select(['param_key', 'param_value', 'remark'])
    .where('tenant_id', '=', tenantId)
    .where('scope', '=', scope)
    // Every user reads these: the security group and unknown keys only on the config page.
    .$if(scope === 'sys', (qb) => qb.where('param_key', 'in', [...PUBLIC_CONFIG_KEYS]))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ paramKey: r.param_key, paramValue: r.param_value, remark: r.remark }));
}

async function enums(db: Db, tenantId: string): Promise<Record<string, { key: string; value: string }[]>> {
  const rows = await db
    .selectFrom('sys_enum')
    .select(['enum_name', 'enum_key', 'enum_value'])
    .where('tenant_id', '=', tenantId)
    .orderBy('enum_name')
    .orderBy('order_num')
    .execute();
  const result: Record<string, { key: string; value: string }[]> = {};
  for (const r of rows) {
    const list = result[r.enum_name] ?? [];
    list.push({ key: r.enum_key, value: r.enum_value });
    result[r.enum_name] = list;
  }
  return result;
}

export function loadStartup(db: Db, tenantId: string, kind: StartupKind, locale: Locale): Promise<unknown> {
  switch (kind) {
    case 'enums':
      return enums(db, tenantId);
    case 'conf':
      return confDicts(db, tenantId, locale);
    case 'sysDist':
      return dists(db, tenantId, 'sys', locale);
    case 'baseDist':
      return dists(db, tenantId, 'base', locale);
    case 'sysConfig':
      return configs(db, tenantId, 'sys');
    case 'baseConfig':
      return configs(db, tenantId, 'base');
  }
}

/** Does the answer depend on the caller's language? */
export const localised = (kind: StartupKind) => kind === 'conf' || kind === 'sysDist' || kind === 'baseDist';

/**
 * A start-up answer built once per tenant, kind, language and dictionary version and shared by
 * every caller until a write moves the version.
 */
export function cachedStartup(
  cache: VersionedCache,
  db: Db,
  tenantId: string,
  version: string,
  kind: StartupKind,
  locale: Locale,
  envelope: (data: unknown) => unknown,
): Promise<StoredAnswer> {
  const lang = localised(kind) ? locale : '-';
  return cache.get(
    `startup:${tenantId}:${kind}:${lang}`,
    version,
    async () => new StoredAnswer(JSON.stringify(envelope(await loadStartup(db, tenantId, kind, locale)))),
    STARTUP_TTL_MS,
  );
}
