import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export interface SecuritySettings {
  tokenTimeoutMinutes: number;
  singleLogin: boolean;
  lockoutAttempts: number;
  lockoutMinutes: number;
}

const DEFAULTS: SecuritySettings = {
  tokenTimeoutMinutes: 720,
  singleLogin: false,
  lockoutAttempts: 5,
  lockoutMinutes: 10,
};

const TTL_MS = 5_000;

/** The tenant's sys configs that every request reads, cached for a few seconds. */
export class SettingsCache {
  private readonly cache = new Map<string, { at: number; value: SecuritySettings }>();

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(tenantId?: string): void {
    if (tenantId) this.cache.delete(tenantId);
    else this.cache.clear();
  }

  async security(tenantId: string): Promise<SecuritySettings> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const rows = await this.db
      .selectFrom('sys_config')
      .select(['param_key', 'param_value'])
      .where('tenant_id', '=', tenantId)
      .where('scope', '=', 'sys')
      .where('param_key', 'in', ['tokenTimeout', 'singleLogin', 'lockoutAttempts', 'lockoutMinutes'])
      .execute();
    const map = new Map(rows.map((r) => [r.param_key, r.param_value]));
    const num = (key: string, fallback: number) => {
      const n = Number(map.get(key));
      return Number.isFinite(n) && n > 0 ? n : fallback;
    };
    const value: SecuritySettings = {
      tokenTimeoutMinutes: num('tokenTimeout', DEFAULTS.tokenTimeoutMinutes),
      singleLogin: map.get('singleLogin') === 'true' || map.get('singleLogin') === '1',
      lockoutAttempts: num('lockoutAttempts', DEFAULTS.lockoutAttempts),
      lockoutMinutes: num('lockoutMinutes', DEFAULTS.lockoutMinutes),
    };
    this.cache.set(tenantId, { at: Date.now(), value });
    return value;
  }
}
