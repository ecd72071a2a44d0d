import type { Locale, TenantCreate, TenantRow } from '@srm/contracts';
import { sql } from 'kysely';
import { endSessions } from '../auth/index';
import type { Deps } from '../core/context';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { hashPassword } from '../core/password';
import type { SignInGuard } from '../core/sign-in-guard';
import { transaction } from '../db/transaction';
import { provisionTenant } from '../setup/seed';

const time = (value: Date | string | null) => (value ? new Date(value).getTime() : null);

/** Every tenant of the deployment, the oldest (the demo's) first. */
export async function listTenants(deps: Deps): Promise<TenantRow[]> {
  const rows = await deps.db
    .selectFrom('tenant as t')
    .select([
      't.id',
      't.code',
      't.name',
      't.created_at',
      't.suspended_at',
      sql<string>`(select count(*) from sys_user u where u.tenant_id = t.id and not u.deleted)`.as(
        'user_count',
      ),
      sql<string | null>`(select u.account from sys_user u where u.tenant_id = t.id and u.is_admin
        and not u.deleted order by u.id limit 1)`.as('admin_account'),
    ])
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    code: r.code,
    name: r.name,
    status: r.suspended_at ? 'suspended' : 'active',
    createdAt: time(r.created_at) ?? 0,
    suspendedAt: time(r.suspended_at),
    userCount: Number(r.user_count),
    adminAccount: r.admin_account,
  }));
}

/** A tenant with its first administrator; the code is unique, the account unique among live users. */
export async function createTenant(deps: Deps, locale: Locale, body: TenantCreate): Promise<TenantRow> {
  const { db } = deps;
  const fields: Record<string, string> = {};
  const codeTaken = await db
    .selectFrom('tenant')
    .select('id')
    .where('code', '=', body.code)
    .executeTakeFirst();
  if (codeTaken) fields.code = t(locale, 'platform.tenantCodeTaken');
  const accountTaken = await db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', body.adminAccount)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (accountTaken) fields.adminAccount = t(locale, 'user.accountTaken');
  if (Object.keys(fields).length) throw fieldError(fields);
  const passwordHash = await hashPassword(body.adminPassword);
  const { tenantId } = await transaction(db, (tx) =>
    provisionTenant(tx, {
      code: body.code,
      name: body.name,
      entName: body.entName,
      admin: {
        account: body.adminAccount,
        realName: body.adminName,
        mobile: body.adminMobile,
        passwordHash,
      },
    }),
  );
  const row = (await listTenants(deps)).find((r) => r.id === tenantId);
  if (!row) throw notFound();
  return row;
}

async function tenantExists(deps: Deps, id: string): Promise<void> {
  const row = await deps.db.selectFrom('tenant').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
}

/** Suspends a tenant: its users cannot sign in, and every live session of it ends (602). */
export async function suspendTenant(deps: Deps, id: string): Promise<void> {
  await tenantExists(deps, id);
  const now = new Date();
  const ended = await transaction(deps.db, async (tx) => {
    await tx
      .updateTable('tenant')
      .set({ suspended_at: now })
      .where('id', '=', id)
      .where('suspended_at', 'is', null)
      .execute();
    return endSessions(tx, id, { tenant: true }, { reason: 'suspended', at: now });
  });
  await deps.realtime.endSessions(ended, 'auth.tenantSuspended');
}

export async function resumeTenant(deps: Deps, id: string): Promise<void> {
  await tenantExists(deps, id);
  await deps.db.updateTable('tenant').set({ suspended_at: null }).where('id', '=', id).execute();
}

/** Sign-in refuses the users of a suspended tenant with the reason. */
export const suspendedTenantGuard: SignInGuard = async (deps, user) => {
  const row = await deps.db
    .selectFrom('tenant')
    .select('suspended_at')
    .where('id', '=', String(user.tenant_id))
    .executeTakeFirst();
  return row?.suspended_at ? 'auth.tenantSuspended' : null;
};
