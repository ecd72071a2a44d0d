import type { FastifyRequest } from 'fastify';
import { requireAnyPerm, requirePerm } from '../core/access';
import type { AuthInfo } from '../core/context';
import { AppError, forbidden } from '../core/errors';
import type { ServiceContext } from '../core/service-context';

import { isSupplierUser } from '../core/user-reach';

export { isSupplierUser };

type Req = FastifyRequest & { auth: AuthInfo };

/**
 * preValidation of the purchasing staff's calls: the code (403 without it), and never a
 * supplier's user, even one an administrator granted the code by mistake (403).
 */
export function requireStaffPerm(code: string) {
  const perm = requirePerm(code);
  return async (request: FastifyRequest) => {
    await perm(request);
    if (isSupplierUser((request as Req).auth)) throw forbidden();
  };
}

/** preValidation of calls open to every staff user without a code (a form's pickers); 403 for a supplier's user. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (isSupplierUser((request as Req).auth)) throw forbidden();
}

/** preValidation of the vendor-side calls: only a supplier's users (403 for everyone else). */
export async function requireSupplierUser(request: FastifyRequest): Promise<void> {
  if (!isSupplierUser((request as Req).auth)) throw forbidden();
}

/** preValidation of calls both sides make (a notice's info): a supplier's user, or staff with the code. */
export function requireSupplierUserOrPerm(code: string) {
  const staff = requireStaffPerm(code);
  return async (request: FastifyRequest) => {
    if (!isSupplierUser((request as Req).auth)) await staff(request);
  };
}

/** preValidation of uploads: a supplier's user, or staff holding one of `codes`. */
export function requireSupplierUserOrAnyPerm(...codes: string[]) {
  const perm = requireAnyPerm(...codes);
  return async (request: FastifyRequest) => {
    if (!isSupplierUser((request as Req).auth)) await perm(request);
  };
}

/** The supplier the calling user belongs to (its id and state), or null for staff and a supplier-less enterprise. */
export async function callerSupplierOrNull(
  ctx: ServiceContext,
): Promise<{ id: string; state: string } | null> {
  if (!isSupplierUser(ctx.auth)) return null;
  const row = await ctx.db
    .selectFrom('vendor_supplier')
    .select(['id', 'state'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('ent_id', '=', ctx.auth.entId)
    .executeTakeFirst();
  return row ? { id: String(row.id), state: row.state } : null;
}

/** The supplier the calling user belongs to (403 for anyone else). */
export async function callerSupplier(ctx: ServiceContext): Promise<{ id: string; state: string }> {
  const supplier = await callerSupplierOrNull(ctx);
  if (!supplier) throw forbidden();
  return supplier;
}

/**
 * The caller's supplier when the caller is its administrator (`admin_user_id`); its sub-accounts
 * and staff get 403 (`message`: the answer's message key, a plain "forbidden" by default).
 */
export async function callerSupplierAdmin(
  ctx: ServiceContext,
  message?: 'vendor.changeAdminOnly',
): Promise<{ id: string; entId: string }> {
  const supplier = await callerSupplier(ctx);
  const row = await ctx.db
    .selectFrom('vendor_supplier')
    .select(['id', 'ent_id', 'admin_user_id'])
    .where('id', '=', supplier.id)
    .executeTakeFirstOrThrow();
  if (String(row.admin_user_id) !== ctx.userId) throw message ? new AppError(403, message) : forbidden();
  return { id: String(row.id), entId: String(row.ent_id) };
}
