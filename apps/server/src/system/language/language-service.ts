import {
  type LanguageData,
  LOCALES,
  type Locale,
  SERVER_NAMESPACE,
  type TextOverride,
  type TextOverrideBody,
  type TextResetBody,
  type WebTextOverrides,
} from '@srm/contracts';
import type { Kysely } from 'kysely';
import { keyPerObject, type VersionedCache } from '../../core/cache';
import type { AuthInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import { catalogs, isMessageKey } from '../../core/i18n';
import type { ServiceContext } from '../../core/service-context';
import type { Database } from '../../db/types';

export type LanguageContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId'>;

/** The server's messages in the three languages, by key. */
export function serverTexts(): LanguageData['server'] {
  return Object.keys(catalogs['zh-CN']).map((key) => ({
    key,
    texts: Object.fromEntries(
      LOCALES.map((locale) => [locale, (catalogs[locale] as Record<string, string>)[key] ?? '']),
    ) as Record<Locale, string>,
  }));
}

export async function listOverrides(ctx: LanguageContext): Promise<TextOverride[]> {
  const rows = await ctx.db
    .selectFrom('sys_text_override')
    .select(['namespace', 'key', 'locale', 'value', 'updated_at'])
    .where('tenant_id', '=', ctx.tenantId)
    .orderBy('namespace')
    .orderBy('key')
    .orderBy('locale')
    .execute();
  return rows.map((r) => ({
    namespace: r.namespace,
    key: r.key,
    locale: r.locale,
    value: r.value,
    updatedAt: new Date(r.updated_at).getTime(),
  }));
}

/**
 * A server message must exist; a web text's key is checked by its shape only (the web's locale
 * files are not part of the server), so an override of a key the web lacks is never shown.
 */
function assertKnown(namespace: string, key: string): void {
  if (namespace === SERVER_NAMESPACE && !isMessageKey(key)) throw new AppError(404, 'language.unknownKey');
}

export async function setOverride(ctx: LanguageContext, body: TextOverrideBody): Promise<void> {
  assertKnown(body.namespace, body.key);
  const values = { value: body.value, updated_by: ctx.userId, updated_at: new Date() };
  await ctx.db
    .insertInto('sys_text_override')
    .values({
      tenant_id: ctx.tenantId,
      namespace: body.namespace,
      key: body.key,
      locale: body.locale,
      ...values,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'namespace', 'key', 'locale']).doUpdateSet(values))
    .execute();
}

/** Back to the shipped text in one language, or in all three; the number of overrides removed. */
export async function resetOverride(ctx: LanguageContext, body: TextResetBody): Promise<number> {
  assertKnown(body.namespace, body.key);
  let query = ctx.db
    .deleteFrom('sys_text_override')
    .where('tenant_id', '=', ctx.tenantId)
    .where('namespace', '=', body.namespace)
    .where('key', '=', body.key);
  if (body.locale) query = query.where('locale', '=', body.locale);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

interface LoadedOverrides {
  /** `${locale}\u0000${key}` → text, for the server's messages. */
  server: ReadonlyMap<string, string>;
  web: WebTextOverrides;
}

async function loadOverrides(db: Kysely<Database>, tenantId: string): Promise<LoadedOverrides> {
  const rows = await db
    .selectFrom('sys_text_override')
    .select(['namespace', 'key', 'locale', 'value'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const server = new Map<string, string>();
  const web: WebTextOverrides = {};
  for (const r of rows) {
    if (r.namespace === SERVER_NAMESPACE) server.set(`${r.locale}\u0000${r.key}`, r.value);
    else {
      const byNs = web[r.locale] ?? {};
      web[r.locale] = byNs;
      const byKey = byNs[r.namespace] ?? {};
      byNs[r.namespace] = byKey;
      byKey[r.key] = r.value;
    }
  }
  return { server, web };
}

/**
 * The tenant's overrides, cached under the tenant's cache counter read with the session (writes
 * to sys_text_override bump it), so a change applies on the next request in every process.
 */
export function tenantOverrides(
  deps: { db: Kysely<Database>; cache: VersionedCache },
  auth: AuthInfo,
): Promise<LoadedOverrides> {
  return deps.cache.get(overridesKey(auth), auth.cacheVersion, () => loadOverrides(deps.db, auth.tenantId));
}

// Per session (a frozen AuthInfo): the key follows from it.
const overridesKey = keyPerObject((auth: AuthInfo) => `textOverrides:${auth.tenantId}`);

/** `tenantOverrides` when already loaded and current, without a promise; else undefined. */
export function keptTenantOverrides(
  deps: { cache: VersionedCache },
  auth: AuthInfo,
): LoadedOverrides | undefined {
  return deps.cache.peek(overridesKey(auth), auth.cacheVersion);
}
