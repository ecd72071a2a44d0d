import type {
  PageQuery,
  SupplierDetail,
  supplierProfileBodySchema,
  VendorUser,
  vendorSubUserBodySchema,
} from '@srm/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { endSessions } from '../auth/index';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { transaction } from '../db/transaction';
import { setUserPassword, updateUserFields } from '../permission/index';
import { checkNewPassword, recordPasswordHistory } from '../system/sys-config/password-policy';
import { callerSupplierAdmin as adminSupplier, callerSupplier } from './access';
import { diffFields, recordSupplierHistory } from './history-service';
import { insertSupplierUser, mySupplier } from './supplier-service';

/**
 * The supplier's own side: its administrator edits the profile — never the legal
 * or bank data, which go through change approval — and manages the sub-accounts. Every call takes
 * the supplier from the caller's enterprise, so another supplier's ids are simply not found (404).
 */

const contactText = (c: { contactName: string; mobile: string; email: string; phone: string }) =>
  [c.contactName, c.mobile, c.email, c.phone].filter(Boolean).join(' / ');

/** The administrator edits the profile (area, address, business scope, contacts); a history line names the changes. */
export async function updateMyProfile(
  ctx: ServiceContext,
  body: z.output<typeof supplierProfileBodySchema>,
): Promise<SupplierDetail> {
  const { id } = await adminSupplier(ctx);
  await transaction(ctx.db, async (tx) => {
    const before = await tx
      .selectFrom('vendor_supplier')
      .select(['area_code', 'address', 'business_scope'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const contacts = await tx
      .selectFrom('vendor_supplier_contact')
      .select(['contact_name', 'mobile', 'email', 'phone'])
      .where('supplier_id', '=', id)
      .orderBy('id')
      .execute();
    await tx
      .updateTable('vendor_supplier')
      .set({
        area_code: body.areaCode,
        address: body.address,
        business_scope: body.businessScope,
        updated_at: ctx.now(),
      })
      .where('id', '=', id)
      .execute();
    await tx.deleteFrom('vendor_supplier_contact').where('supplier_id', '=', id).execute();
    await tx
      .insertInto('vendor_supplier_contact')
      .values(
        body.contacts.map((c, i) => ({
          tenant_id: ctx.tenantId,
          supplier_id: id,
          contact_name: c.contactName,
          mobile: c.mobile,
          email: c.email,
          phone: c.phone,
          is_primary: c.isPrimary || (i === 0 && !body.contacts.some((x) => x.isPrimary)),
        })),
      )
      .execute();
    const changes = diffFields(
      {
        areaCode: before.area_code,
        address: before.address,
        businessScope: before.business_scope,
        contacts: contacts
          .map((c) =>
            contactText({ contactName: c.contact_name, mobile: c.mobile, email: c.email, phone: c.phone }),
          )
          .join('; '),
      },
      {
        areaCode: body.areaCode,
        address: body.address,
        businessScope: body.businessScope,
        contacts: body.contacts.map(contactText).join('; '),
      },
    );
    if (changes.length) await recordSupplierHistory(tx, ctx, id, 'profile', changes);
  });
  return mySupplier(ctx);
}

/** The caller's supplier's users (any of its users may look), the administrator first. */
export async function myUsers(ctx: ServiceContext, q: PageQuery) {
  const supplier = await callerSupplier(ctx);
  const s = await ctx.db
    .selectFrom('vendor_supplier')
    .select(['ent_id', 'admin_user_id'])
    .where('id', '=', supplier.id)
    .executeTakeFirstOrThrow();
  let base = ctx.db
    .selectFrom('sys_user')
    .where('tenant_id', '=', ctx.tenantId)
    .where('ent_id', '=', s.ent_id)
    .where('deleted', '=', false);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    base = base.where((eb) =>
      eb.or([eb('real_name', 'ilike', like), eb('account', 'ilike', like), eb('mobile', 'ilike', like)]),
    );
  }
  // A supplier recorded without users has no administrator yet.
  const admin = s.admin_user_id === null ? '0' : String(s.admin_user_id);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'account', 'real_name', 'mobile', 'email', 'enabled', 'created_at'])
      .orderBy(sql`id = ${admin}`, 'desc')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: VendorUser[] = rows.map((r) => ({
    id: String(r.id),
    account: r.account,
    realName: r.real_name,
    mobile: r.mobile,
    email: r.email,
    enabled: r.enabled,
    isAdmin: String(r.id) === admin,
    createTime: new Date(r.created_at).getTime(),
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

/**
 * A sub-account of the caller's supplier: its account is `mobile@account` of the administrator,
 * which is how it signs in (docs/rules.md#sign-in). One sub-account per mobile number (400 at `mobile`).
 */
export async function createSubUser(
  ctx: ServiceContext,
  body: z.output<typeof vendorSubUserBodySchema>,
): Promise<VendorUser> {
  const { id, entId } = await adminSupplier(ctx);
  const { password: rule } = await ctx.deps.settings.all(ctx.tenantId);
  const hash = await checkNewPassword(ctx.db, {
    tenantId: ctx.tenantId,
    userId: null,
    password: body.password,
    rule,
    locale: ctx.locale,
  });
  const account = `${body.mobile}@${ctx.auth.account}`;
  const taken = await ctx.db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (taken) throw fieldError({ mobile: t(ctx.locale, 'vendor.subAccountTaken') });
  const userId = await transaction(ctx.db, async (tx) => {
    const newId = await insertSupplierUser(
      tx,
      ctx.tenantId,
      entId,
      { account, realName: body.realName, mobile: body.mobile },
      hash,
    );
    if (body.email) await updateUserFields(tx, ctx.tenantId, newId, { email: body.email });
    await recordPasswordHistory(tx, ctx.tenantId, [{ userId: newId, passwordHash: hash }], ctx.now());
    await recordSupplierHistory(tx, ctx, id, 'userAdded', [{ field: 'account', from: '', to: account }]);
    return newId;
  });
  const user = (await myUsers(ctx, { currentPage: 1, pageSize: 1, keyword: account })).list[0];
  if (!user || user.id !== userId) throw notFound();
  return user;
}

/** One user of the administrator's own supplier, never the administrator (404 for anyone else's). */
async function subUser(ctx: ServiceContext, userId: string) {
  const supplier = await adminSupplier(ctx);
  const user = await ctx.db
    .selectFrom('sys_user')
    .select(['id', 'account', 'enabled'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('ent_id', '=', supplier.entId)
    .where('id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!user) throw notFound();
  if (String(user.id) === ctx.userId) throw new AppError(409, 'vendor.notOnSelf');
  return { supplier, user };
}

/** Enables or disables a sub-account; disabling ends its sessions at once. */
export async function setSubUserEnabled(ctx: ServiceContext, userId: string, enabled: boolean) {
  const { supplier, user } = await subUser(ctx, userId);
  const ended = await transaction(ctx.db, async (tx) => {
    await updateUserFields(tx, ctx.tenantId, userId, { enabled });
    if (user.enabled !== enabled)
      await recordSupplierHistory(tx, ctx, supplier.id, 'userState', [
        { field: user.account, from: String(user.enabled), to: String(enabled) },
      ]);
    return enabled ? [] : endSessions(tx, ctx.tenantId, { userId }, { at: ctx.now() });
  });
  if (ended.length) await ctx.deps.realtime.endSessions(ended, 'auth.disabled');
}

/** Sets a sub-account's new password (the tenant's password rule); its sessions end. */
export async function resetSubUserPassword(ctx: ServiceContext, userId: string, password: string) {
  const { supplier, user } = await subUser(ctx, userId);
  const { password: rule } = await ctx.deps.settings.all(ctx.tenantId);
  const hash = await checkNewPassword(ctx.db, {
    tenantId: ctx.tenantId,
    userId,
    password,
    rule,
    locale: ctx.locale,
  });
  const ended = await transaction(ctx.db, async (tx) => {
    await setUserPassword(tx, ctx.tenantId, userId, hash, ctx.now());
    await recordSupplierHistory(tx, ctx, supplier.id, 'userPassword', [
      { field: user.account, from: '', to: '' },
    ]);
    return endSessions(tx, ctx.tenantId, { userId }, { at: ctx.now() });
  });
  if (ended.length) await ctx.deps.realtime.endSessions(ended, 'auth.forced');
}
