import {
  BillRuleCode,
  nextSupplierState,
  passwordProblems,
  type Supplier,
  type SupplierDetail,
  type SupplierState,
  supplierActive,
  type supplierBlacklistBodySchema,
  type supplierBodySchema,
  type supplierQuerySchema,
  type supplierStateBodySchema,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { endSessions } from '../auth/index';
import type { Deps } from '../core/context';
import { page } from '../core/envelope';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { hashPassword } from '../core/password';
import { registerRecipientFilter } from '../core/recipient-filter';
import type { ServiceContext } from '../core/service-context';
import { registerSignInGuard } from '../core/sign-in-guard';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { registerStaffLink } from '../core/user-reach';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { insertEntUser } from '../permission/index';
import { nextBillNo } from '../system/bill-rule/index';
import { assertDictValue } from '../system/dictionary/dictionary-service';
import { callerSupplier } from './access';
import { assertOwnFiles, toVendorFiles } from './file-service';
import { diffFields, recordSupplierHistory } from './history-service';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('vendor_supplier_tenant_id_credit_code_key', {
  field: 'creditCode',
  key: 'vendor.creditCodeTaken',
});

type Db = Kysely<Database> | Transaction<Database>;
type SupplierBody = z.output<typeof supplierBodySchema>;
type SupplierQuery = z.output<typeof supplierQuerySchema>;

/** The dictionaries supplier records take their codes from. */
export const SUPPLY_CATEGORY_DICT = 'supplyCategory';
const QUALIFICATION_DICT = 'qualificationType';
const COMPANY_TYPE_DICT = 'companyType';

/** Users of frozen and eliminated suppliers cannot sign in. */
registerSignInGuard(async (deps: Deps, user) => {
  const row = await deps.db
    .selectFrom('vendor_supplier')
    .select('state')
    .where('tenant_id', '=', String(user.tenant_id))
    .where('ent_id', '=', String(user.ent_id))
    .executeTakeFirst();
  if (!row || supplierActive(row.state)) return null;
  return row.state === 'frozen' ? 'vendor.signInFrozen' : 'vendor.signInEliminated';
});

/** Users of frozen and eliminated suppliers receive no news (announcements included). */
registerRecipientFilter(async (db, tenantId, userIds) => {
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('vendor_supplier as s', 's.ent_id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', 'in', [...userIds])
    .where('s.state', 'in', ['frozen', 'eliminated'])
    .execute();
  return new Set(rows.map((r) => String(r.id)));
});

/**
 * The staff a supplier's user works with (his chat contacts, core/user-reach.ts): who recorded his
 * supplier — its responsible buyer — and who sent his supplier a vendor notice.
 */
registerStaffLink(
  (auth, userId) =>
    sql<boolean>`exists (select 1 from vendor_supplier as link_s where link_s.tenant_id = ${auth.tenantId} and link_s.ent_id = ${auth.entId} and (link_s.created_by = ${userId} or exists (select 1 from vendor_notice_item as link_i inner join vendor_notice as link_n on link_n.id = link_i.notice_id where link_i.supplier_id = link_s.id and link_i.delivered and link_n.creator_id = ${userId})))`,
);

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const dateText = (d: Date | string | null) =>
  d ? (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10)) : null;

function filtered(ctx: ServiceContext, q: Partial<SupplierQuery>) {
  let query = ctx.db.selectFrom('vendor_supplier as s').where('s.tenant_id', '=', ctx.tenantId);
  if (q.keyword)
    query = query.where((eb) =>
      eb.or([
        eb('s.supplier_name', 'ilike', likePattern(q.keyword ?? '')),
        eb('s.supplier_code', 'ilike', likePattern(q.keyword ?? '')),
        eb('s.credit_code', '=', (q.keyword ?? '').toUpperCase()),
      ]),
    );
  if (q.supplierName) query = query.where('s.supplier_name', 'ilike', likePattern(q.supplierName));
  if (q.supplierCode) query = query.where('s.supplier_code', 'ilike', likePattern(q.supplierCode));
  if (q.creditCode) query = query.where('s.credit_code', '=', q.creditCode.toUpperCase());
  if (q.state) query = query.where('s.state', '=', q.state);
  if (q.blacklisted) query = query.where('s.blacklisted', '=', q.blacklisted === 'true');
  // An area code selects its whole subtree (province 11 → 11xxxx…).
  if (q.areaCode) query = query.where('s.area_code', 'like', `${q.areaCode.replace(/0+$/, '')}%`);
  // A category selects its subtree (raw → raw, raw.steel, …): category_paths holds each code and its
  // dotted ancestors, kept by triggers on the category rows (migration 0030).
  if (q.categoryCode)
    query = query.where('s.category_paths', '@>', sql<string[]>`array[${q.categoryCode}::text]`);
  return query;
}

const SUPPLIER_COLUMNS = [
  's.id',
  's.ent_id',
  's.supplier_code',
  's.supplier_name',
  's.credit_code',
  's.state',
  's.blacklisted',
  's.blacklist_reason',
  's.area_code',
  's.category_codes',
  's.created_at',
] as const;

/** The list's order, which the (tenant, created_at desc, id desc) indexes give. */
const NEWEST_FIRST = sql`s.created_at desc, s.id desc`;

/**
 * The total of a filtered list: the `count(*)` is kept per tenant and statement, tagged with the
 * tenant's supplier version read with the session (bumped by triggers on suppliers and their
 * categories, migration 0027), so paging and repeated searches reuse it until a supplier of the
 * tenant changes.
 */
function cachedTotal(ctx: ServiceContext, q: Partial<SupplierQuery>): Promise<number> {
  const count = filtered(ctx, q).select(sql<string>`count(*)`.as('n'));
  const compiled = count.compile();
  return ctx.deps.cache.get(
    `supplierCount:${ctx.tenantId}:${compiled.sql}:${JSON.stringify(compiled.parameters)}`,
    ctx.auth.supplierVersion,
    async () => Number((await count.executeTakeFirstOrThrow()).n),
  );
}

/**
 * The tenant's suppliers, newest first, filtered. The (cached) total picks how the page is read:
 * - nothing matches, or the page is past the end: no query;
 * - few matches: all of them through their filter's index, the newest kept (a materialized CTE, so
 *   the planner cannot turn it into a walk of the ordering index);
 * - many: the newest-first index walked and each row tested, stopping at the page's end — past
 *   page 1 the walk picks the page's ids alone (index-only when the filters are in the index) and
 *   only those rows are read.
 * A walk visits about (offset + size) × tenant total / matches rows, reading all matches `total`.
 * The planner's own guess of the matches goes wrong when filters are correlated (a category and a
 * state that never meet had it walk every row of that state).
 */
export async function listSuppliers(ctx: ServiceContext, q: SupplierQuery) {
  const offset = (q.currentPage - 1) * q.pageSize;
  const [total, all] = await Promise.all([cachedTotal(ctx, q), cachedTotal(ctx, {})]);
  if (total === 0 || offset >= total) return page([], q.currentPage, q.pageSize, total);
  const few = total < all && total * total <= (offset + q.pageSize) * all;
  const rows = await (few
    ? ctx.db
        .with(
          (cte) => cte('m').materialized(),
          () => filtered(ctx, q).select(SUPPLIER_COLUMNS),
        )
        .selectFrom('m as s')
        .selectAll()
        .orderBy(NEWEST_FIRST)
        .limit(q.pageSize)
        .offset(offset)
    : offset === 0
      ? filtered(ctx, q).select(SUPPLIER_COLUMNS).orderBy(NEWEST_FIRST).limit(q.pageSize)
      : ctx.db
          .selectFrom('vendor_supplier as s')
          .select(SUPPLIER_COLUMNS)
          .where('s.tenant_id', '=', ctx.tenantId)
          .where(
            's.id',
            'in',
            filtered(ctx, q).select('s.id').orderBy(NEWEST_FIRST).limit(q.pageSize).offset(offset),
          )
          .orderBy(NEWEST_FIRST)
  ).execute();
  const list: Supplier[] = rows.map((r) => ({
    id: String(r.id),
    entId: String(r.ent_id),
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    creditCode: r.credit_code,
    state: r.state,
    blacklisted: r.blacklisted,
    blacklistReason: r.blacklist_reason,
    areaCode: r.area_code,
    categories: r.category_codes,
    createTime: ms(r.created_at) ?? 0,
  }));
  return page(list, q.currentPage, q.pageSize, total);
}

/** One supplier with its contacts, bank, categories, qualifications and users (404 for another tenant's). */
export async function supplierDetail(
  ctx: ServiceContext,
  id: string,
  db: Db = ctx.db,
): Promise<SupplierDetail> {
  const s = await db
    .selectFrom('vendor_supplier')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!s) throw notFound();
  const [contacts, banks, categories, quals, users] = await Promise.all([
    db
      .selectFrom('vendor_supplier_contact')
      .selectAll()
      .where('supplier_id', '=', id)
      .orderBy('id')
      .execute(),
    db.selectFrom('vendor_supplier_bank').selectAll().where('supplier_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('vendor_supplier_category')
      .select(['category_code', 'qualified'])
      .where('supplier_id', '=', id)
      .orderBy('category_code')
      .execute(),
    db
      .selectFrom('vendor_supplier_qualification as q')
      .leftJoin('vendor_file as f', 'f.id', 'q.file_id')
      .select([
        'q.id',
        'q.qual_type',
        'q.expires_on',
        'f.id as fid',
        'f.file_name',
        'f.size',
        'f.content_type',
      ])
      .where('q.supplier_id', '=', id)
      .orderBy('q.id')
      .execute(),
    db
      .selectFrom('sys_user')
      .select(['id', 'account', 'real_name', 'mobile', 'enabled'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('ent_id', '=', s.ent_id)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
  ]);
  const buyer = s.created_by
    ? await db
        .selectFrom('sys_user')
        .select('real_name')
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', s.created_by)
        .executeTakeFirst()
    : undefined;
  const today = ctx.now().getTime();
  return {
    id: String(s.id),
    entId: String(s.ent_id),
    supplierCode: s.supplier_code,
    supplierName: s.supplier_name,
    creditCode: s.credit_code,
    state: s.state,
    blacklisted: s.blacklisted,
    blacklistReason: s.blacklist_reason,
    areaCode: s.area_code,
    categories: categories.map((c) => c.category_code),
    createTime: ms(s.created_at) ?? 0,
    legalPerson: s.legal_person,
    registeredCapital: s.registered_capital === null ? null : Number(s.registered_capital),
    foundDate: dateText(s.found_date),
    companyType: s.company_type,
    address: s.address,
    businessScope: s.business_scope,
    contacts: contacts.map((c) => ({
      id: String(c.id),
      contactName: c.contact_name,
      mobile: c.mobile,
      email: c.email,
      phone: c.phone,
      isPrimary: c.is_primary,
    })),
    banks: banks.map((b) => ({
      id: String(b.id),
      bankName: b.bank_name,
      branch: b.branch,
      accountNo: b.account_no,
    })),
    categoryLines: categories.map((c) => ({ categoryCode: c.category_code, qualified: c.qualified })),
    qualifications: quals.map((q) => {
      const expiresOn = dateText(q.expires_on);
      const left = expiresOn ? Date.parse(`${expiresOn}T23:59:59+08:00`) - today : null;
      return {
        id: String(q.id),
        qualType: q.qual_type,
        expiresOn,
        expiry:
          left === null ? 'none' : left < 0 ? 'expired' : left <= 30 * 86_400_000 ? 'expiring' : 'valid',
        file:
          q.fid === null
            ? null
            : (toVendorFiles([
                {
                  id: q.fid,
                  file_name: q.file_name ?? '',
                  size: q.size ?? 0,
                  content_type: q.content_type ?? '',
                },
              ])[0] ?? null),
      };
    }),
    users: users.map((u) => ({
      id: String(u.id),
      account: u.account,
      realName: u.real_name,
      mobile: u.mobile,
      enabled: u.enabled,
    })),
    adminUserId: s.admin_user_id === null ? null : String(s.admin_user_id),
    buyerName: buyer?.real_name ?? '',
  };
}

/** The caller's own supplier (a supplier's user). */
export async function mySupplier(ctx: ServiceContext): Promise<SupplierDetail> {
  const { id } = await callerSupplier(ctx);
  return supplierDetail(ctx, id);
}

async function checkDicts(ctx: ServiceContext, body: SupplierBody): Promise<void> {
  const check = (typeCode: string, value: string, field: string) =>
    assertDictValue(ctx.db, ctx.tenantId, ctx.locale, { typeCode, value, field });
  await check(COMPANY_TYPE_DICT, body.companyType, 'companyType');
  for (const [i, code] of body.categories.entries())
    await check(SUPPLY_CATEGORY_DICT, code, `categories.${i}`);
  for (const [i, q] of body.qualifications.entries())
    await check(QUALIFICATION_DICT, q.qualType, `qualifications.${i}.qualType`);
}

/**
 * Records a supplier: a supplier enterprise (entType 2), its code from the `supplierCode` bill
 * rule, contacts, bank, categories, qualifications and, when given, its first user (holding the
 * tenant's `vendor` role) — one transaction. A credit code or account already taken is a 400 at
 * its field.
 */
export async function createSupplier(ctx: ServiceContext, body: SupplierBody): Promise<SupplierDetail> {
  await checkDicts(ctx, body);
  await assertOwnFiles(
    ctx,
    ctx.db,
    body.qualifications.flatMap((q) => (q.fileId ? [q.fileId] : [])),
    'qualifications',
  );
  const taken = await ctx.db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('credit_code', '=', body.creditCode)
    .executeTakeFirst();
  if (taken) throw fieldError({ creditCode: t(ctx.locale, 'vendor.creditCodeTaken') });
  let passwordHash: string | null = null;
  if (body.user) {
    const { password: rule } = await ctx.deps.settings.all(ctx.tenantId);
    const problem = passwordProblems(body.user.password, rule)[0];
    if (problem) throw fieldError({ 'user.password': t(ctx.locale, 'vendor.passwordRule') });
    const accountTaken = await ctx.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', body.user.account)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (accountTaken) throw fieldError({ 'user.account': t(ctx.locale, 'vendor.accountTaken') });
    passwordHash = await hashPassword(body.user.password);
  }
  const id = await transaction(ctx.db, async (tx) => {
    const ent = await tx
      .insertInto('ent')
      .values({ tenant_id: ctx.tenantId, ent_name: body.supplierName, ent_type: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await tx
      .insertInto('vendor_supplier')
      .values({
        tenant_id: ctx.tenantId,
        ent_id: ent.id,
        supplier_code: '',
        supplier_name: body.supplierName,
        credit_code: body.creditCode,
        legal_person: body.legalPerson,
        registered_capital: body.registeredCapital === null ? null : String(body.registeredCapital),
        found_date: body.foundDate,
        company_type: body.companyType,
        area_code: body.areaCode,
        address: body.address,
        business_scope: body.businessScope,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sid = String(row.id);
    if (body.contacts.length)
      await tx
        .insertInto('vendor_supplier_contact')
        .values(
          body.contacts.map((c, i) => ({
            tenant_id: ctx.tenantId,
            supplier_id: sid,
            contact_name: c.contactName,
            mobile: c.mobile,
            email: c.email,
            phone: c.phone,
            is_primary: c.isPrimary || (i === 0 && !body.contacts.some((x) => x.isPrimary)),
          })),
        )
        .execute();
    if (body.banks.length)
      await tx
        .insertInto('vendor_supplier_bank')
        .values(
          body.banks.map((b) => ({
            tenant_id: ctx.tenantId,
            supplier_id: sid,
            bank_name: b.bankName,
            branch: b.branch,
            account_no: b.accountNo,
          })),
        )
        .execute();
    const cats = [...new Set(body.categories)];
    if (cats.length)
      await tx
        .insertInto('vendor_supplier_category')
        .values(cats.map((c) => ({ tenant_id: ctx.tenantId, supplier_id: sid, category_code: c })))
        .execute();
    if (body.qualifications.length)
      await tx
        .insertInto('vendor_supplier_qualification')
        .values(
          body.qualifications.map((q) => ({
            tenant_id: ctx.tenantId,
            supplier_id: sid,
            qual_type: q.qualType,
            file_id: q.fileId,
            expires_on: q.expiresOn,
          })),
        )
        .execute();
    if (body.user && passwordHash)
      await insertSupplierUser(tx, ctx.tenantId, String(ent.id), body.user, passwordHash);
    await recordSupplierHistory(tx, ctx, sid, 'created');
    // Late in the transaction: the rule's counter row stays locked until the commit.
    const code = await nextBillNo(tx, ctx.tenantId, BillRuleCode.supplierCode);
    await tx.updateTable('vendor_supplier').set({ supplier_code: code }).where('id', '=', sid).execute();
    return sid;
  });
  return supplierDetail(ctx, id);
}

/** A supplier's user holding the tenant's `vendor` role (when the tenant has one). */
export async function insertSupplierUser(
  tx: Db,
  tenantId: string,
  entId: string,
  user: { account: string; realName: string; mobile: string; language?: string },
  passwordHash: string,
): Promise<string> {
  const userId = await insertEntUser(tx, tenantId, entId, user, passwordHash, 'vendor');
  // The supplier's first user is its administrator.
  await tx
    .updateTable('vendor_supplier')
    .set({ admin_user_id: userId })
    .where('tenant_id', '=', tenantId)
    .where('ent_id', '=', entId)
    .where('admin_user_id', 'is', null)
    .execute();
  return userId;
}

/**
 * Moves a supplier along its life cycle (409 for a move the cycle does not allow). Freezing or
 * eliminating ends its users' sessions at once (their sockets get `logout`).
 */
export async function changeSupplierState(
  ctx: ServiceContext,
  id: string,
  body: z.output<typeof supplierStateBodySchema>,
): Promise<SupplierDetail> {
  const ended = await transaction(ctx.db, async (tx) => {
    const s = await tx
      .selectFrom('vendor_supplier')
      .select(['state', 'ent_id'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!s) throw notFound();
    const next = nextSupplierState(s.state as SupplierState, body.action);
    if (!next) throw new AppError(409, 'vendor.badTransition');
    await tx
      .updateTable('vendor_supplier')
      .set({ state: next, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await recordSupplierHistory(tx, ctx, id, 'state', [{ field: 'state', from: s.state, to: next }]);
    if (body.action === 'qualify')
      await tx
        .updateTable('vendor_supplier_category')
        .set({ qualified: true })
        .where('supplier_id', '=', id)
        .execute();
    return supplierActive(next) ? [] : endSessions(tx, ctx.tenantId, { entId: String(s.ent_id) });
  });
  if (ended.length) {
    const key = body.action === 'freeze' ? 'vendor.signInFrozen' : 'vendor.signInEliminated';
    await ctx.deps.realtime.endSessions(ended, key);
  }
  return supplierDetail(ctx, id);
}

/** Puts a supplier on the blacklist with a reason, or takes it off. */
export async function setSupplierBlacklist(
  ctx: ServiceContext,
  id: string,
  body: z.output<typeof supplierBlacklistBodySchema>,
): Promise<SupplierDetail> {
  await transaction(ctx.db, async (tx) => {
    const before = await tx
      .selectFrom('vendor_supplier')
      .select(['blacklisted', 'blacklist_reason'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const reason = body.blacklisted ? body.reason : '';
    await tx
      .updateTable('vendor_supplier')
      .set({ blacklisted: body.blacklisted, blacklist_reason: reason, updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    const changes = diffFields(
      { blacklisted: String(before.blacklisted), blacklistReason: before.blacklist_reason },
      { blacklisted: String(body.blacklisted), blacklistReason: reason },
    );
    if (changes.length) await recordSupplierHistory(tx, ctx, id, 'blacklist', changes, body.reason);
  });
  return supplierDetail(ctx, id);
}

/** Every filtered supplier (up to the export limit), for the .xlsx export. */
export async function suppliersForExport(ctx: ServiceContext, q: SupplierQuery): Promise<Supplier[]> {
  const { list } = await listSuppliers(ctx, { ...q, currentPage: 1, pageSize: 10_000 });
  return list;
}
