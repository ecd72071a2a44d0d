/**
 * What a supplier's user (entType 2) sees of the tenant's online data — model pages' rows and
 * datasets: only what his own enterprise made, whatever the tenant's data rules say. A supplier
 * never sees another enterprise's data, nor the staff's internal work.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ServiceContext } from '../core/service-context';

/** The enterprise of the caller when he is a supplier's user; null for the tenant's staff. */
export const supplierEnt = (ctx: ServiceContext): string | null =>
  ctx.auth.profile.entType === 2 ? (ctx.auth.profile.entId ?? '0') : null;

/** The rows whose `createdBy` column names a user of the enterprise `entId`. */
export const madeByEnterprise = (
  ctx: ServiceContext,
  entId: string,
  createdBy: string,
): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(createdBy)} in (select u.id from sys_user u where u.tenant_id = ${ctx.auth.tenantId} and u.ent_id = ${entId})`;
