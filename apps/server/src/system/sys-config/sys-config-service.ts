import {
  configKeys,
  configToRows,
  type LoginConfig,
  PUBLIC_CONFIG_GROUPS,
  SYS_CONFIG_DEFAULTS,
  type SysConfigGroup,
  type SysConfigValues,
} from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { ServiceContext } from '../../core/service-context';
import type { SettingsCache } from '../../core/settings';
import { transaction } from '../../db/transaction';
import type { Database } from '../../db/types';

/** The acting user's context: `deps.settings` is the cached configuration, `auth.configVersion` its tag. */
export type SysConfigContext = Pick<ServiceContext, 'db' | 'tenantId' | 'deps' | 'auth'>;

/** Every group, typed, for the configuration page. */
export function readSysConfig(ctx: SysConfigContext): Promise<SysConfigValues> {
  return ctx.deps.settings.all(ctx.tenantId, ctx.auth.configVersion);
}

/**
 * Saves one group (already validated by its schema) in one statement; the statement's trigger
 * bumps the tenant's config version, so every server process applies it on its next request.
 */
export async function saveSysConfigGroup<G extends SysConfigGroup>(
  ctx: SysConfigContext,
  group: G,
  values: SysConfigValues[G],
): Promise<SysConfigValues> {
  // Only the group's own keys, whatever else the values carry.
  const keys = new Set(configKeys(group));
  const rows = configToRows<G>(values).filter(([key]) => keys.has(key));
  await transaction(ctx.db, async (tx) => {
    await tx
      .insertInto('sys_config')
      .values(
        rows.map(([key, value]) => ({
          tenant_id: ctx.tenantId,
          scope: 'sys' as const,
          param_key: key,
          param_value: value,
          remark: '',
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'scope', 'param_key']).doUpdateSet((eb) => ({
          param_value: eb.ref('excluded.param_value'),
        })),
      )
      .execute();
  });
  return ctx.deps.settings.all(ctx.tenantId);
}

/** The stored keys every signed-in user may read (get-sys-config). */
export const PUBLIC_CONFIG_KEYS: readonly string[] = PUBLIC_CONFIG_GROUPS.flatMap((g) => configKeys(g));

/**
 * What the sign-in page shows. Before sign-in no tenant is known: the page shows the platform's
 * own tenant (the first one created), whose administrators run the product.
 */
export async function loginConfig(db: Kysely<Database>, settings: SettingsCache): Promise<LoginConfig> {
  const tenant = await db.selectFrom('tenant').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!tenant) return SYS_CONFIG_DEFAULTS.brand;
  return (await settings.all(String(tenant.id))).brand;
}
