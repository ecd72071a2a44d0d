import {
  type Application,
  type ApplicationStatus,
  type applicationQuerySchema,
  BillRuleCode,
  type ChangeKind,
  type categoryApplyBodySchema,
  type changeBodySchema,
  DEFAULT_LOCALE,
  FLOW_FORMS,
  FLOW_STATUS,
  type Invitation,
  type InvitationCreated,
  type InvitationStatus,
  type invitationBodySchema,
  type invitationQuerySchema,
  VENDOR_ADMISSION_FORM_NAME,
  VENDOR_CHANGE_FORM_NAME,
  type VendorChange,
} from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { page } from '../core/envelope';
import { AppError, fieldError } from '../core/errors';
import { type MessageKey, type MessageParams, storedLocale, t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { writeMessages } from '../message/index';
import { updateUserFields } from '../permission/index';
import { nextBillNo } from '../system/bill-rule/index';
import { assertDictValue } from '../system/dictionary/dictionary-service';
import { type FormOutcome, registerForm } from '../workflow/forms';
import { launchFormTask } from '../workflow/task-service';
import { jsonb } from '../workflow/task-store';
import { callerSupplier, callerSupplierAdmin } from './access';
import { diffFields, type FieldChange, recordSupplierHistory } from './history-service';
import { admissionFormData, newToken, sha256, vendorTaskTitles } from './register-service';
import { insertSupplierUser, SUPPLY_CATEGORY_DICT, supplierDetail } from './supplier-service';

type Tx = Transaction<Database>;
type Db = Kysely<Database> | Tx;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Texts of a message to a supplier's user, by key: written in the user's own language. */
type Told = {
  title: MessageKey;
  titleParams?: MessageParams;
  body?: MessageKey;
  bodyParams?: MessageParams;
  text?: string;
};

/** A message to a supplier's user, written in the deciding transaction (read at his next sign-in). */
async function tellUser(tx: Tx, tenantId: string, userId: string, told: Told) {
  await writeMessages(tx, [
    {
      tenantId,
      userId,
      type: 4,
      text: {
        titleKey: told.title,
        titleParams: told.titleParams,
        bodyKey: told.body,
        bodyParams: told.bodyParams,
        body: told.text,
      },
    },
  ]);
}

// ---------------------------------------------------------------------------------------------------
// What an approved admission creates

interface StoredForm {
  supplierName: string;
  creditCode: string;
  legalPerson: string;
  registeredCapital: number | null;
  foundDate: string | null;
  companyType: string;
  areaCode: string;
  address: string;
  businessScope: string;
  categories: string[];
  contact: { contactName: string; mobile: string; email: string; phone: string };
  bank: { bankName: string; branch: string; accountNo: string };
  qualifications: { qualType: string; fileId: string; expiresOn: string | null }[];
}

type ApplicationRow = {
  id: string | number | bigint;
  tenant_id: string | number | bigint;
  app_no: string;
  scope: 'register' | 'category';
  supplier_id: string | number | bigint | null;
  account: string;
  password_hash: string;
  form_data: unknown;
  /** The language the application was written in. */
  locale: string;
};

/**
 * The new supplier, in the approving transaction: its enterprise (entType 2), the supplier record
 * (qualified, code from the `supplierCode` rule), contact, bank, categories (qualified),
 * qualifications (the uploads now belong to the enterprise) and its first user with the chosen
 * account and password, who finds a welcome message at his first sign-in.
 */
async function admitSupplier(tx: Tx, app: ApplicationRow): Promise<string> {
  const tenantId = String(app.tenant_id);
  const form = app.form_data as StoredForm;
  const ent = await tx
    .insertInto('ent')
    .values({ tenant_id: tenantId, ent_name: form.supplierName, ent_type: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entId = String(ent.id);
  const row = await tx
    .insertInto('vendor_supplier')
    .values({
      tenant_id: tenantId,
      ent_id: entId,
      supplier_code: '',
      supplier_name: form.supplierName,
      credit_code: form.creditCode,
      legal_person: form.legalPerson,
      registered_capital: form.registeredCapital === null ? null : String(form.registeredCapital),
      found_date: form.foundDate,
      company_type: form.companyType,
      area_code: form.areaCode,
      address: form.address,
      business_scope: form.businessScope,
      state: 'qualified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = String(row.id);
  await tx
    .insertInto('vendor_supplier_contact')
    .values({ tenant_id: tenantId, supplier_id: sid, ...contactRow(form.contact), is_primary: true })
    .execute();
  await tx
    .insertInto('vendor_supplier_bank')
    .values({
      tenant_id: tenantId,
      supplier_id: sid,
      bank_name: form.bank.bankName,
      branch: form.bank.branch,
      account_no: form.bank.accountNo,
    })
    .execute();
  await tx
    .insertInto('vendor_supplier_category')
    .values(
      form.categories.map((c) => ({
        tenant_id: tenantId,
        supplier_id: sid,
        category_code: c,
        qualified: true,
      })),
    )
    .execute();
  await tx
    .insertInto('vendor_supplier_qualification')
    .values(
      form.qualifications.map((q) => ({
        tenant_id: tenantId,
        supplier_id: sid,
        qual_type: q.qualType,
        file_id: q.fileId,
        expires_on: q.expiresOn,
      })),
    )
    .execute();
  await tx
    .updateTable('vendor_file')
    .set({ ent_id: entId })
    .where('tenant_id', '=', tenantId)
    .where(
      'id',
      'in',
      form.qualifications.map((q) => q.fileId),
    )
    .execute();
  const userId = await insertSupplierUser(
    tx,
    tenantId,
    entId,
    {
      account: app.account,
      realName: form.contact.contactName,
      mobile: form.contact.mobile,
      language: storedLocale(app.locale) ?? DEFAULT_LOCALE,
    },
    app.password_hash,
  );
  if (form.contact.email) await updateUserFields(tx, tenantId, userId, { email: form.contact.email });
  // Late in the transaction: the rule's counter row stays locked until the commit.
  const code = await nextBillNo(tx, tenantId, BillRuleCode.supplierCode);
  await tx.updateTable('vendor_supplier').set({ supplier_code: code }).where('id', '=', sid).execute();
  await tellUser(tx, tenantId, userId, {
    title: 'vendor.admittedMessage',
    body: 'vendor.admittedBody',
    bodyParams: { name: form.supplierName, no: app.app_no, code },
  });
  return sid;
}

const contactRow = (c: StoredForm['contact']) => ({
  contact_name: c.contactName,
  mobile: c.mobile,
  email: c.email ?? '',
  phone: c.phone ?? '',
});

/** A further category's admission: those categories become qualified for that supplier only. */
async function admitCategories(tx: Tx, app: ApplicationRow, actorId: string): Promise<void> {
  const tenantId = String(app.tenant_id);
  const sid = String(app.supplier_id);
  const { categories } = app.form_data as { categories: string[] };
  await tx
    .insertInto('vendor_supplier_category')
    .values(
      categories.map((c) => ({ tenant_id: tenantId, supplier_id: sid, category_code: c, qualified: true })),
    )
    .onConflict((oc) => oc.columns(['supplier_id', 'category_code']).doUpdateSet({ qualified: true }))
    .execute();
  await recordSupplierHistory(tx, await actorOf(tx, tenantId, actorId), sid, 'categories', [
    { field: 'categories', from: '', to: categories.join(', ') },
  ]);
  const users = await tx
    .selectFrom('sys_user as u')
    .innerJoin('vendor_supplier as s', 's.ent_id', 'u.ent_id')
    .select('u.id')
    .where('s.id', '=', sid)
    .where('u.deleted', '=', false)
    .execute();
  for (const u of users)
    await tellUser(tx, tenantId, String(u.id), {
      title: 'vendor.categoryAdmitted',
      text: categories.join(', '),
    });
}

/** The admission's outcome, in the deciding action's transaction (registered with the form below). */
async function admissionFinished(tx: Tx, outcome: FormOutcome): Promise<void> {
  const app = await tx
    .selectFrom('vendor_application')
    .select([
      'id',
      'tenant_id',
      'app_no',
      'scope',
      'supplier_id',
      'account',
      'password_hash',
      'form_data',
      'status',
      'locale',
    ])
    .where('tenant_id', '=', outcome.tenantId)
    .where('task_id', '=', outcome.taskId)
    .forUpdate()
    .executeTakeFirst();
  if (!app || (app.status !== 'submitted' && app.status !== 'inReview')) return;
  const review = {
    rating: num(outcome.formData.rating),
    review_comment: typeof outcome.formData.reviewComment === 'string' ? outcome.formData.reviewComment : '',
    decided_at: sql<Date>`now()`,
    // updated_at stays the time of the (last) submission: the status page shows it as such.
  };
  if (outcome.status === FLOW_STATUS.approved) {
    let supplierId = String(app.supplier_id);
    if (app.scope === 'register') supplierId = await admitSupplier(tx, app);
    else await admitCategories(tx, app, outcome.actorId);
    await tx
      .updateTable('vendor_application')
      .set({ ...review, status: 'approved', supplier_id: supplierId })
      .where('id', '=', app.id)
      .execute();
    return;
  }
  const reason =
    outcome.status === FLOW_STATUS.rejected && outcome.opinion
      ? outcome.opinion
      : t('zh-CN', 'vendor.withdrawnReason');
  await tx
    .updateTable('vendor_application')
    .set({ ...review, status: 'rejected', reject_reason: reason })
    .where('id', '=', app.id)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Change approval

interface BankLine {
  bankName: string;
  branch: string;
  accountNo: string;
}
type ChangeData = { bank: BankLine[] } | { legal: Record<string, unknown> };

/** The fields a legal change may carry (contracts `legalChangeSchema`). */
const LEGAL_KEYS = [
  'supplierName',
  'legalPerson',
  'registeredCapital',
  'companyType',
  'areaCode',
  'address',
  'businessScope',
] as const;
const legalValue = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const bankText = (banks: readonly BankLine[]) =>
  banks.map((b) => `${b.bankName} ${b.branch} ${b.accountNo}`.replace(/\s+/g, ' ').trim()).join('\n');
const legalText = (l: Record<string, unknown>) =>
  LEGAL_KEYS.map((k) => `${k}: ${legalValue(l[k])}`).join('\n');

/** Who decided a request, as a history line names him (a timer's decision: nobody, id 0). */
async function actorOf(tx: Tx, tenantId: string, actorId: string) {
  const user =
    actorId === '0'
      ? undefined
      : await tx.selectFrom('sys_user').select('real_name').where('id', '=', actorId).executeTakeFirst();
  return { tenantId, userId: actorId, auth: { realName: user?.real_name ?? '' }, now: () => new Date() };
}

/** The change's outcome: approved applies it (in the approving transaction), rejected keeps the reason. */
async function changeFinished(tx: Tx, outcome: FormOutcome): Promise<void> {
  const change = await tx
    .selectFrom('vendor_change')
    .selectAll()
    .where('tenant_id', '=', outcome.tenantId)
    .where('task_id', '=', outcome.taskId)
    .forUpdate()
    .executeTakeFirst();
  if (!change || (change.status !== 'submitted' && change.status !== 'inReview')) return;
  const tenantId = String(change.tenant_id);
  const sid = String(change.supplier_id);
  const data = change.after_data as unknown as ChangeData;
  if (outcome.status === FLOW_STATUS.approved) {
    const before = change.before_data as unknown as ChangeData | null;
    let changes: FieldChange[];
    if ('bank' in data) {
      await tx.deleteFrom('vendor_supplier_bank').where('supplier_id', '=', sid).execute();
      await tx
        .insertInto('vendor_supplier_bank')
        .values(
          data.bank.map((b) => ({
            tenant_id: tenantId,
            supplier_id: sid,
            bank_name: b.bankName,
            branch: b.branch,
            account_no: b.accountNo,
          })),
        )
        .execute();
      changes = diffFields(
        { banks: before && 'bank' in before ? bankText(before.bank) : '' },
        { banks: bankText(data.bank) },
      );
    } else {
      // Only what the request changed: a field edited in the profile since (address, scope) stays.
      const was = before && 'legal' in before ? before.legal : null;
      const l: Record<string, unknown> = Object.fromEntries(
        LEGAL_KEYS.filter((k) => !was || legalValue(was[k]) !== legalValue(data.legal[k])).map((k) => [
          k,
          data.legal[k],
        ]),
      );
      const set = {
        ...('supplierName' in l ? { supplier_name: String(l.supplierName) } : {}),
        ...('legalPerson' in l ? { legal_person: String(l.legalPerson) } : {}),
        ...('registeredCapital' in l
          ? { registered_capital: l.registeredCapital === null ? null : String(l.registeredCapital) }
          : {}),
        ...('companyType' in l ? { company_type: String(l.companyType ?? '') } : {}),
        ...('areaCode' in l ? { area_code: String(l.areaCode ?? '') } : {}),
        ...('address' in l ? { address: String(l.address ?? '') } : {}),
        ...('businessScope' in l ? { business_scope: String(l.businessScope ?? '') } : {}),
      };
      await tx
        .updateTable('vendor_supplier')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('id', '=', sid)
        .execute();
      if ('supplierName' in l)
        await tx
          .updateTable('ent')
          .set({ ent_name: String(l.supplierName) })
          .where('id', '=', (eb) => eb.selectFrom('vendor_supplier').select('ent_id').where('id', '=', sid))
          .execute();
      changes = Object.keys(l).map((field) => ({
        field,
        from: was ? legalValue(was[field]) : '',
        to: legalValue(l[field]),
      }));
    }
    await recordSupplierHistory(
      tx,
      await actorOf(tx, tenantId, outcome.actorId),
      sid,
      'change',
      changes,
      change.reason,
    );
    await tx
      .updateTable('vendor_change')
      .set({ status: 'approved', decided_at: sql<Date>`now()` })
      .where('id', '=', change.id)
      .execute();
    await tellUser(tx, tenantId, String(change.requested_by), { title: 'vendor.changeApplied' });
    return;
  }
  const reason =
    outcome.status === FLOW_STATUS.rejected && outcome.opinion
      ? outcome.opinion
      : t('zh-CN', 'vendor.withdrawnReason');
  await tx
    .updateTable('vendor_change')
    .set({ status: 'rejected', reject_reason: reason, decided_at: sql<Date>`now()` })
    .where('id', '=', change.id)
    .execute();
  await tellUser(tx, tenantId, String(change.requested_by), {
    title: 'vendor.changeRejected',
    titleParams: { reason },
  });
}

registerForm(VENDOR_ADMISSION_FORM_NAME, {
  schema: FLOW_FORMS.VendorAdmission,
  compute: (data) => data,
  onFinished: admissionFinished,
  ownFiles: true,
});
registerForm(VENDOR_CHANGE_FORM_NAME, {
  schema: FLOW_FORMS.VendorChange,
  compute: (data) => data,
  onFinished: changeFinished,
  ownFiles: true,
});

/**
 * The supplier's administrator asks to change its bank accounts or legal data (a sub-account: 403):
 * nothing changes until the `VendorChange` task is approved (one open request per kind; 409 while
 * one is in review).
 */
export async function requestChange(
  ctx: ServiceContext,
  body: z.output<typeof changeBodySchema>,
): Promise<VendorChange> {
  const { id: sid } = await callerSupplierAdmin(ctx, 'vendor.changeAdminOnly');
  const current = await supplierDetail(ctx, sid);
  if (body.kind === 'legal')
    await assertDictValue(ctx.db, ctx.tenantId, ctx.locale, {
      typeCode: 'companyType',
      value: body.legal.companyType,
      previous: current.companyType,
      field: 'legal.companyType',
    });
  const after: ChangeData = body.kind === 'bank' ? { bank: body.bank } : { legal: body.legal };
  const beforeData: ChangeData =
    body.kind === 'bank'
      ? { bank: current.banks.map(({ bankName, branch, accountNo }) => ({ bankName, branch, accountNo })) }
      : { legal: Object.fromEntries(LEGAL_KEYS.map((k) => [k, current[k]])) };
  const same =
    'bank' in after && 'bank' in beforeData
      ? bankText(after.bank) === bankText(beforeData.bank)
      : 'legal' in after &&
        'legal' in beforeData &&
        LEGAL_KEYS.every((k) => legalValue(after.legal[k]) === legalValue(beforeData.legal[k]));
  if (same) throw new AppError(400, 'vendor.changeNothing');
  await ctx.deps.jobs.start();
  const id = await transaction(ctx.db, async (tx) => {
    const open = await tx
      .selectFrom('vendor_change')
      .select('id')
      .where('supplier_id', '=', sid)
      .where('kind', '=', body.kind)
      .where('status', 'in', ['submitted', 'inReview'])
      .executeTakeFirst();
    if (open) throw new AppError(409, 'vendor.changeInFlight');
    const task = await launchFormTask(ctx.deps, tx, {
      tenantId: ctx.tenantId,
      formName: VENDOR_CHANGE_FORM_NAME,
      launcherId: ctx.userId,
      titles: vendorTaskTitles('vendor.changeTitle', current.supplierName),
      formData: {
        supplierCode: current.supplierCode,
        supplierName: current.supplierName,
        kind: body.kind,
        before: 'bank' in beforeData ? bankText(beforeData.bank) : legalText(beforeData.legal),
        after: 'bank' in after ? bankText(after.bank) : legalText(after.legal),
        reason: body.reason,
      },
      locale: ctx.locale,
    });
    const row = await tx
      .insertInto('vendor_change')
      .values({
        tenant_id: ctx.tenantId,
        supplier_id: sid,
        kind: body.kind,
        reason: body.reason,
        after_data: jsonb(after),
        before_data: jsonb(beforeData),
        task_id: task.id,
        requested_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
  const list = await myChanges(ctx);
  return list.find((c) => c.id === id) as VendorChange;
}

/** The caller's supplier's change requests, newest first. */
export async function myChanges(ctx: ServiceContext): Promise<VendorChange[]> {
  const { id: sid } = await callerSupplier(ctx);
  const rows = await ctx.db
    .selectFrom('vendor_change')
    .selectAll()
    .where('tenant_id', '=', ctx.tenantId)
    .where('supplier_id', '=', sid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return Promise.all(
    rows.map(async (r) => ({
      id: String(r.id),
      kind: r.kind as ChangeKind,
      status: await statusOf(ctx.db, r),
      reason: r.reason,
      rejectReason: r.reject_reason,
      after: r.after_data as Record<string, unknown>,
      before: (r.before_data as Record<string, unknown> | null) ?? null,
      createTime: ms(r.created_at) ?? 0,
      decidedAt: ms(r.decided_at),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------
// A further supply category

/**
 * An admitted supplier applies for further categories: an admission application for those only
 * (its other categories stay as they are), through the same `VendorAdmission` flow.
 */
export async function applyCategories(
  ctx: ServiceContext,
  body: z.output<typeof categoryApplyBodySchema>,
): Promise<Application> {
  const { id: sid } = await callerSupplier(ctx);
  const categories = [...new Set(body.categories)];
  for (const [i, code] of categories.entries())
    await assertDictValue(ctx.db, ctx.tenantId, ctx.locale, {
      typeCode: SUPPLY_CATEGORY_DICT,
      value: code,
      field: `categories.${i}`,
    });
  const current = await supplierDetail(ctx, sid);
  const held = new Set(current.categoryLines.filter((c) => c.qualified).map((c) => c.categoryCode));
  const pending = await ctx.db
    .selectFrom('vendor_application')
    .select('form_data')
    .where('supplier_id', '=', sid)
    .where('scope', '=', 'category')
    .where('status', 'in', ['submitted', 'inReview'])
    .execute();
  for (const p of pending) for (const c of (p.form_data as { categories: string[] }).categories) held.add(c);
  const taken = categories.findIndex((c) => held.has(c));
  if (taken >= 0) throw fieldError({ [`categories.${taken}`]: t(ctx.locale, 'vendor.categoryHeld') });
  await ctx.deps.jobs.start();
  const id = await transaction(ctx.db, async (tx) => {
    const appNo = `VA${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const row = await tx
      .insertInto('vendor_application')
      .values({
        tenant_id: ctx.tenantId,
        app_no: appNo,
        scope: 'category',
        supplier_id: sid,
        supplier_name: current.supplierName,
        credit_code: current.creditCode,
        form_data: jsonb({ categories }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const formData = await admissionFormData(
      tx,
      { appNo, scope: 'category', account: ctx.auth.account },
      {
        supplierName: current.supplierName,
        creditCode: current.creditCode,
        legalPerson: current.legalPerson,
        address: current.address,
        businessScope: current.businessScope,
        areaCode: current.areaCode,
        categories,
        qualifications: current.qualifications.flatMap((q) =>
          q.file ? [{ qualType: q.qualType, fileId: q.file.id, expiresOn: q.expiresOn }] : [],
        ),
      },
    );
    const task = await launchFormTask(ctx.deps, tx, {
      tenantId: ctx.tenantId,
      formName: VENDOR_ADMISSION_FORM_NAME,
      launcherId: ctx.userId,
      titles: vendorTaskTitles('vendor.admissionTitle', current.supplierName),
      formData,
      locale: ctx.locale,
    });
    await tx.updateTable('vendor_application').set({ task_id: task.id }).where('id', '=', row.id).execute();
    return String(row.id);
  });
  const { list } = await listApplicationsOf(ctx, { supplierId: sid, currentPage: 1, pageSize: 100 });
  return list.find((a) => a.id === id) as Application;
}

/** The caller's supplier's category applications. */
export async function myCategoryApplications(ctx: ServiceContext): Promise<Application[]> {
  const { id: sid } = await callerSupplier(ctx);
  return (
    await listApplicationsOf(ctx, { supplierId: sid, scope: 'category', currentPage: 1, pageSize: 100 })
  ).list;
}

// ---------------------------------------------------------------------------------------------------
// Staff: invitations and applications

/** A buyer invites a supplier: a one-time link valid for `days` (the token is shown this once). */
export async function createInvitation(
  ctx: ServiceContext,
  body: z.output<typeof invitationBodySchema>,
): Promise<InvitationCreated> {
  const token = newToken();
  const row = await ctx.db
    .insertInto('vendor_invitation')
    .values({
      tenant_id: ctx.tenantId,
      token_hash: sha256(token),
      company_name: body.companyName,
      contact_name: body.contactName,
      mobile: body.mobile,
      email: body.email,
      expires_at: new Date(ctx.now().getTime() + body.days * 86_400_000),
      created_by: ctx.userId,
      created_by_name: ctx.auth.realName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { list } = await listInvitations(ctx, { currentPage: 1, pageSize: 1, id: String(row.id) });
  return { ...(list[0] as Invitation), link: `/base/vendor/register?invite=${token}` };
}

export async function listInvitations(
  ctx: ServiceContext,
  q: z.output<typeof invitationQuerySchema> & { id?: string },
) {
  const status = sql<InvitationStatus>`case
    when a.status = 'approved' then 'admitted'
    when a.status = 'rejected' then 'rejected'
    when i.used_at is not null then 'registered'
    when i.expires_at <= now() then 'expired'
    else 'invited' end`;
  let base = ctx.db
    .selectFrom('vendor_invitation as i')
    .leftJoin('vendor_application as a', 'a.id', 'i.application_id')
    .where('i.tenant_id', '=', ctx.tenantId);
  if (q.id) base = base.where('i.id', '=', q.id);
  if (q.keyword) base = base.where('i.company_name', 'ilike', `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`);
  if (q.status) base = base.where(status, '=', q.status);
  const [rows, count] = await Promise.all([
    base
      .select([
        'i.id',
        'i.company_name',
        'i.contact_name',
        'i.mobile',
        'i.email',
        'i.expires_at',
        'i.created_at',
        'i.created_by_name',
        'a.app_no',
        status.as('status'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: Invitation[] = rows.map((r) => ({
    id: String(r.id),
    companyName: r.company_name,
    contactName: r.contact_name,
    mobile: r.mobile,
    email: r.email,
    status: r.status,
    expiresAt: ms(r.expires_at) ?? 0,
    createTime: ms(r.created_at) ?? 0,
    creatorName: r.created_by_name,
    applicationNo: r.app_no ?? '',
  }));
  return page(list, q.currentPage, q.pageSize, Number(count.n));
}

async function statusOf(db: Db, row: { status: string; task_id: unknown }): Promise<ApplicationStatus> {
  if (row.status !== 'submitted' || row.task_id === null) return row.status as ApplicationStatus;
  const acted = await db
    .selectFrom('flow_history')
    .select('id')
    .where('task_id', '=', String(row.task_id))
    .where('action', '=', 'audit')
    .executeTakeFirst();
  return acted ? 'inReview' : 'submitted';
}

async function listApplicationsOf(
  ctx: ServiceContext,
  q: Partial<z.output<typeof applicationQuerySchema>> & {
    currentPage: number;
    pageSize: number;
    supplierId?: string;
    scope?: 'register' | 'category';
  },
) {
  let base = ctx.db
    .selectFrom('vendor_application as a')
    .leftJoin('vendor_supplier as s', 's.id', 'a.supplier_id')
    .where('a.tenant_id', '=', ctx.tenantId);
  if (q.supplierId) base = base.where('a.supplier_id', '=', q.supplierId);
  if (q.scope) base = base.where('a.scope', '=', q.scope);
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([
        eb('a.supplier_name', 'ilike', `%${(q.keyword ?? '').replace(/[\\%_]/g, '\\$&')}%`),
        eb('a.app_no', '=', q.keyword ?? ''),
        eb('a.credit_code', '=', (q.keyword ?? '').toUpperCase()),
      ]),
    );
  if (q.status === 'approved' || q.status === 'rejected') base = base.where('a.status', '=', q.status);
  else if (q.status) base = base.where('a.status', '=', 'submitted');
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'a.id',
        'a.app_no',
        'a.scope',
        'a.supplier_name',
        'a.credit_code',
        'a.status',
        'a.reject_reason',
        'a.task_id',
        'a.form_data',
        'a.created_at',
        's.supplier_code',
        eb
          .selectFrom('flow_operator as o')
          .select('o.id')
          .whereRef('o.task_id', '=', 'a.task_id')
          .where('o.user_id', '=', ctx.userId)
          .where('o.state', '=', 'pending')
          .limit(1)
          .as('operator_id'),
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: Application[] = await Promise.all(
    rows.map(async (r) => ({
      id: String(r.id),
      applicationNo: r.app_no,
      scope: r.scope,
      supplierName: r.supplier_name,
      creditCode: r.credit_code,
      categories: ((r.form_data as { categories?: string[] }).categories ?? []).map(String),
      status: await statusOf(ctx.db, r),
      rejectReason: r.reject_reason,
      taskId: r.task_id === null ? null : String(r.task_id),
      operatorId: r.operator_id === null ? null : String(r.operator_id),
      createTime: ms(r.created_at) ?? 0,
      supplierCode: r.supplier_code ?? '',
    })),
  );
  const filtered =
    q.status === 'submitted' || q.status === 'inReview' ? list.filter((a) => a.status === q.status) : list;
  return page(filtered, q.currentPage, q.pageSize, Number(count.n));
}

/** Staff: the tenant's admission applications, newest first, with the caller's open to-do on each. */
export function listApplications(ctx: ServiceContext, q: z.output<typeof applicationQuerySchema>) {
  return listApplicationsOf(ctx, q);
}
