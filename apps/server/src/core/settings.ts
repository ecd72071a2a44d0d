import { parseSysConfig, type SysConfigValues } from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { VersionedCache } from './cache';
import type { CacheSource, CacheStats } from './cache-source';

export interface SecuritySettings {
  tokenTimeoutMinutes: number;
  singleLogin: boolean;
  lockoutAttempts: number;
  lockoutMinutes: number;
}

/** A tenant's stored sys configs, typed (defaults for what is missing). */
export async function loadSysConfig(db: Kysely<Database>, tenantId: string): Promise<SysConfigValues> {
  const rows = await db
    .selectFrom('sys_config')
    .select(['param_key', 'param_value'])
    .where('tenant_id', '=', tenantId)
    .where('scope', '=', 'sys')
    .execute();
  return parseSysConfig(new Map(rows.map((r) => [r.param_key, r.param_value])));
}

/**
 * The tenant's sys configs that every request may read, cached per process under the tenant's
 * config version (bumped by any write to sys_config, see migration 0018). A signed-in request passes
 * the version its session query read (the session row is kept until a write or a change notice
 * moves the data generation, auth/session.ts), so a change saved by a server process applies to its
 * next request, and in the others once the notice arrives; a request without a session (sign-in, the sign-in page) reads the version
 * first — one indexed row.
 */
export class SettingsCache implements CacheSource {
  private readonly cache = new VersionedCache(60_000);

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(): void {
    this.cache.clear();
  }

  cacheStats(tenantId?: string): CacheStats[] {
    return this.cache.cacheStats(tenantId);
  }

  clearCache(name: string, tenantId?: string): void {
    this.cache.clearCache(name, tenantId);
  }

  private async currentVersion(tenantId: string): Promise<string> {
    const row = await this.db
      .selectFrom('sys_tenant_cache_version')
      .select('config_version')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row ? String(row.config_version) : '0';
  }

  /** `version`: the config version read with the session; absent, it is read now. */
  async all(tenantId: string, version?: string): Promise<SysConfigValues> {
    const v = version ?? (await this.currentVersion(tenantId));
    return this.cache.get(`settings:${tenantId}`, v, () => loadSysConfig(this.db, tenantId));
  }

  async security(tenantId: string, version?: string): Promise<SecuritySettings> {
    const { security } = await this.all(tenantId, version);
    return {
      tokenTimeoutMinutes: security.tokenTimeout,
      singleLogin: security.singleLogin,
      lockoutAttempts: security.lockoutAttempts,
      lockoutMinutes: security.lockoutMinutes,
    };
  }
}
