import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AdmissionChange,
  type ApplicationStatusView,
  type applicationAccessSchema,
  FLOW_STATUS,
  type InvitationPrefill,
  type Locale,
  nameInLocale,
  passwordProblems,
  passwordProblemText,
  type RegisterOption,
  type RegisterOptions,
  type RegisterResult,
  type registerBodySchema,
  type registerFormSchema,
  type resubmitBodySchema,
  VENDOR_ADMISSION_FORM_NAME,
} from '@srm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../core/context';
import { AppError, fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { hashPassword } from '../core/password';
import { verifyProofOfWork } from '../core/proof-of-work';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { assertDictValue } from '../system/dictionary/dictionary-service';
import { type TaskTitles, titlesIn } from '../workflow/forms';
import { launchFormTask, resubmitFormTask } from '../workflow/task-service';
import { jsonb } from '../workflow/task-store';
import { vendorFileUrl } from './file-service';
import { applicationChanges } from './register-diff';

type Db = Kysely<Database> | Transaction<Database>;
type RegisterBody = z.output<typeof registerBodySchema>;
type RegisterFormData = z.output<typeof registerFormSchema>;
type Access = z.output<typeof applicationAccessSchema>;

/** What a public call knows: no user, only the client and its language. */
export interface PublicContext {
  deps: Deps;
  locale: Locale;
  ip: string;
  log: FastifyBaseLogger;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

/** The tenant registered with: by its code, or the platform's own (the first one) — 404 for an unknown code. */
export async function registerTenant(db: Db, code?: string): Promise<{ id: string; code: string }> {
  let q = db.selectFrom('tenant').select(['id', 'code']);
  q = code ? q.where('code', '=', code) : q.orderBy('id').limit(1);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return { id: String(row.id), code: row.code };
}

// ---------------------------------------------------------------------------------------------------
// The form's choices

async function dictOptions(
  db: Db,
  tenantId: string,
  typeCode: string,
  locale: Locale,
): Promise<RegisterOption[]> {
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as t', 't.id', 'i.type_id')
    .select(['i.id', 'i.parent_id', 'i.en_code', 'i.full_name', 'i.full_name_en', 'i.full_name_tw'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.en_code', '=', typeCode)
    .where('i.enabled', '=', true)
    .orderBy('i.order_num')
    .orderBy('i.id')
    .execute();
  const name = (r: (typeof rows)[number]) =>
    nameInLocale(locale, r.full_name, r.full_name_en, r.full_name_tw);
  const byParent = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = String(r.parent_id);
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const ids = new Set(rows.map((r) => String(r.id)));
  const build = (list: typeof rows): RegisterOption[] =>
    list.map((r) => {
      const children = byParent.get(String(r.id));
      return { code: r.en_code, name: name(r), ...(children ? { children: build(children) } : {}) };
    });
  return build(rows.filter((r) => !ids.has(String(r.parent_id))));
}

/** The form's choices in the caller's language and the tenant's password rule. */
export async function registerOptions(ctx: PublicContext, tenantCode?: string): Promise<RegisterOptions> {
  const tenant = await registerTenant(ctx.deps.db, tenantCode);
  const [categories, qualificationTypes, companyTypes, settings] = await Promise.all([
    dictOptions(ctx.deps.db, tenant.id, 'supplyCategory', ctx.locale),
    dictOptions(ctx.deps.db, tenant.id, 'qualificationType', ctx.locale),
    dictOptions(ctx.deps.db, tenant.id, 'companyType', ctx.locale),
    ctx.deps.settings.all(tenant.id),
  ]);
  return { tenant: tenant.code, categories, qualificationTypes, companyTypes, password: settings.password };
}

// ---------------------------------------------------------------------------------------------------
// Invitations (the public side)

async function liveInvitation(db: Db, token: string) {
  return db
    .selectFrom('vendor_invitation as i')
    .innerJoin('tenant as t', 't.id', 'i.tenant_id')
    .select([
      'i.id',
      'i.tenant_id',
      't.code',
      'i.company_name',
      'i.contact_name',
      'i.mobile',
      'i.email',
      'i.expires_at',
      'i.created_by',
    ])
    .where('i.token_hash', '=', sha256(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** What an invitation prefills; a used, expired or unknown link is one plain 404. */
export async function invitationPrefill(ctx: PublicContext, token: string): Promise<InvitationPrefill> {
  const row = await liveInvitation(ctx.deps.db, token);
  if (!row) throw new AppError(404, 'vendor.invitationInvalid');
  return {
    tenant: row.code,
    companyName: row.company_name,
    contactName: row.contact_name,
    mobile: row.mobile,
    email: row.email,
    expiresAt: ms(row.expires_at) ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------
// Uploads

// ---------------------------------------------------------------------------------------------------
// Checking and storing an application

const field = (locale: Locale, key: Parameters<typeof t>[1], name: string) =>
  fieldError({ [name]: t(locale, key) });

async function checkForm(ctx: PublicContext, db: Db, tenantId: string, form: RegisterFormData) {
  const check = (typeCode: string, value: string, name: string) =>
    assertDictValue(db, tenantId, ctx.locale, { typeCode, value, field: name });
  await check('companyType', form.companyType, 'companyType');
  for (const [i, code] of form.categories.entries()) await check('supplyCategory', code, `categories.${i}`);
  for (const [i, q] of form.qualifications.entries())
    await check('qualificationType', q.qualType, `qualifications.${i}.qualType`);
  const area = await db
    .selectFrom('sys_area')
    .select('code')
    .where('code', '=', form.areaCode)
    .executeTakeFirst();
  if (!area) throw field(ctx.locale, 'vendor.areaUnknown', 'areaCode');
  for (const [i, q] of form.qualifications.entries()) {
    const file = await db
      .selectFrom('vendor_file')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', q.fileId)
      .where('claim_hash', '=', sha256(q.fileKey))
      .executeTakeFirst();
    if (!file) throw field(ctx.locale, 'error.notFound', `qualifications.${i}.fileId`);
  }
}

async function checkPassword(ctx: PublicContext, tenantId: string, password: string) {
  const { password: rule } = await ctx.deps.settings.all(tenantId);
  const problem = passwordProblems(password, rule)[0];
  if (problem) throw fieldError({ password: passwordProblemText(problem, ctx.locale) });
}

/** A supplier already holding the code, or an application in flight for it, is told plainly (400 at the field). */
async function checkDuplicates(
  ctx: PublicContext,
  db: Db,
  tenantId: string,
  creditCode: string,
  account: string | null,
  exceptId?: string,
) {
  const supplier = await db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('credit_code', '=', creditCode)
    .executeTakeFirst();
  if (supplier) throw field(ctx.locale, 'vendor.creditCodeTaken', 'creditCode');
  let inFlight = db
    .selectFrom('vendor_application')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('scope', '=', 'register')
    .where('credit_code', '=', creditCode)
    .where('status', 'in', ['submitted', 'inReview']);
  if (exceptId) inFlight = inFlight.where('id', '!=', exceptId);
  if (await inFlight.executeTakeFirst()) throw field(ctx.locale, 'vendor.applicationInFlight', 'creditCode');
  if (account === null) return;
  const user = await db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .where('deleted', '=', false)
    .executeTakeFirst();
  const pending = await db
    .selectFrom('vendor_application')
    .select('id')
    .where('account', '=', account)
    .where('scope', '=', 'register')
    .where('status', 'in', ['submitted', 'inReview'])
    .executeTakeFirst();
  if (user || pending) throw field(ctx.locale, 'vendor.accountTaken', 'account');
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The registration form as stored (file keys kept so a correction can reuse the files). */
function storedForm(body: RegisterFormData): Record<string, unknown> {
  return {
    supplierName: body.supplierName,
    creditCode: body.creditCode,
    legalPerson: body.legalPerson,
    registeredCapital: body.registeredCapital,
    foundDate: body.foundDate,
    companyType: body.companyType,
    areaCode: body.areaCode,
    address: body.address,
    businessScope: body.businessScope,
    categories: [...new Set(body.categories)],
    contact: body.contact,
    bank: body.bank,
    qualifications: body.qualifications,
  };
}

async function areaPath(db: Db, code: string): Promise<string> {
  const codes = [code.slice(0, 2).padEnd(6, '0'), code.slice(0, 4).padEnd(6, '0'), code];
  const rows = await db.selectFrom('sys_area').select(['code', 'name']).where('code', 'in', codes).execute();
  const names = new Map(rows.map((r) => [r.code, r.name]));
  return [...new Set(codes)].flatMap((c) => (names.has(c) ? [names.get(c) as string] : [])).join(' / ');
}

/**
 * The admission form's data for approvers: the application, with each qualification's file
 * previewable, and for a resubmission what it changed against the rejected one (`changes`).
 */
export async function admissionFormData(
  db: Db,
  app: { appNo: string; scope: 'register' | 'category'; account: string },
  form: Record<string, unknown>,
  changes: AdmissionChange[] = [],
): Promise<Record<string, unknown>> {
  const quals =
    (form.qualifications as { qualType: string; fileId: string; expiresOn: string | null }[]) ?? [];
  const fileIds = quals.map((q) => q.fileId).filter(Boolean);
  const files = fileIds.length
    ? await db
        .selectFrom('vendor_file')
        .select(['id', 'file_name', 'content_type'])
        .where('id', 'in', fileIds)
        .execute()
    : [];
  const byId = new Map(files.map((f) => [String(f.id), f]));
  const contact = form.contact as Record<string, unknown> | undefined;
  const bank = form.bank as Record<string, unknown> | undefined;
  return {
    applicationNo: app.appNo,
    scope: app.scope,
    ...(changes.length ? { changes } : {}),
    supplierName: form.supplierName,
    creditCode: form.creditCode,
    legalPerson: form.legalPerson,
    registeredCapital: form.registeredCapital,
    foundDate: form.foundDate,
    companyType: form.companyType,
    areaName: typeof form.areaCode === 'string' && form.areaCode ? await areaPath(db, form.areaCode) : '',
    address: form.address,
    businessScope: form.businessScope,
    categories: form.categories,
    contacts: contact ? [contact] : [],
    banks: bank ? [bank] : [],
    qualifications: quals.map((q) => {
      const f = byId.get(String(q.fileId));
      return {
        qualType: q.qualType,
        expiresOn: q.expiresOn,
        file: f
          ? [
              {
                id: String(f.id),
                name: f.file_name,
                url: vendorFileUrl(String(f.id)),
                contentType: f.content_type,
              },
            ]
          : [],
      };
    }),
    account: app.account,
  };
}

/** The uploads an application names: its approvers may open them. */
async function linkFiles(tx: Db, applicationId: string, form: RegisterFormData): Promise<void> {
  const ids = [...new Set(form.qualifications.map((q) => q.fileId))];
  if (ids.length)
    await tx
      .insertInto('vendor_application_file')
      .values(ids.map((fileId) => ({ application_id: applicationId, file_id: fileId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Whose task an application is: the inviting buyer, else the tenant's administrator. */
async function launcherOf(db: Db, tenantId: string, invitedBy: string | null): Promise<{ id: string }> {
  if (invitedBy) return { id: invitedBy };
  const admin = await db
    .selectFrom('sys_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_admin', '=', true)
    .where('deleted', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: String(admin.id) };
}

const newAppNo = (now: Date) =>
  `VA${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0')}`;

/** A vendor task's title in the three languages, e.g. "供应商准入：X" / "Supplier admission: X". */
export const vendorTaskTitles = (
  key: 'vendor.admissionTitle' | 'vendor.changeTitle',
  supplierName: string,
): TaskTitles => titlesIn((locale) => t(locale, key, { name: supplierName }));

/**
 * A new supplier's application: the proof of work (or a live invitation, used up here), the
 * fields, the password rule, the dictionaries and the uploads are checked; a credit code already
 * registered or in flight and an account taken are told plainly. One transaction stores the
 * application and launches its admission task (409 when no admission flow is released).
 */
export async function submitRegistration(ctx: PublicContext, body: RegisterBody): Promise<RegisterResult> {
  const db = ctx.deps.db;
  const invitation = body.invitationToken ? await liveInvitation(db, body.invitationToken) : undefined;
  if (body.invitationToken && !invitation)
    throw field(ctx.locale, 'vendor.invitationInvalid', 'invitationToken');
  if (!invitation && !(await verifyProofOfWork(ctx.deps, body.altcha)))
    throw field(ctx.locale, 'vendor.captchaFailed', 'altcha');
  const tenant = invitation
    ? { id: String(invitation.tenant_id), code: invitation.code }
    : await registerTenant(db, body.tenant);
  await checkPassword(ctx, tenant.id, body.password);
  await checkForm(ctx, db, tenant.id, body);
  await checkDuplicates(ctx, db, tenant.id, body.creditCode, body.account);
  const passwordHash = await hashPassword(body.password);
  const token = newToken();
  await ctx.deps.jobs.start();
  try {
    return await transaction(db, async (tx) => {
      const appNo = newAppNo(new Date());
      const form = storedForm(body);
      const row = await tx
        .insertInto('vendor_application')
        .values({
          tenant_id: tenant.id,
          app_no: appNo,
          scope: 'register',
          supplier_name: body.supplierName,
          credit_code: body.creditCode,
          account: body.account,
          mobile: body.contact.mobile,
          form_data: jsonb(form),
          password_hash: passwordHash,
          token_hash: sha256(token),
          invitation_id: invitation ? String(invitation.id) : null,
          submit_ip: ctx.ip,
          locale: ctx.locale,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (invitation) {
        const used = await tx
          .updateTable('vendor_invitation')
          .set({ used_at: sql`now()`, application_id: row.id })
          .where('id', '=', invitation.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1)
          throw field(ctx.locale, 'vendor.invitationInvalid', 'invitationToken');
      }
      const launcher = await launcherOf(tx, tenant.id, invitation ? String(invitation.created_by) : null);
      const task = await launchFormTask(ctx.deps, tx, {
        tenantId: tenant.id,
        formName: VENDOR_ADMISSION_FORM_NAME,
        launcherId: launcher.id,
        titles: vendorTaskTitles('vendor.admissionTitle', body.supplierName),
        formData: await admissionFormData(tx, { appNo, scope: 'register', account: body.account }, form),
        locale: ctx.locale,
      });
      await tx.updateTable('vendor_application').set({ task_id: task.id }).where('id', '=', row.id).execute();
      await linkFiles(tx, String(row.id), body);
      return { applicationNo: appNo, token, status: 'submitted' as const };
    });
  } catch (error) {
    // Two submissions racing past the checks: the in-flight indexes let one through.
    if (isUniqueViolation(error)) throw field(ctx.locale, 'vendor.applicationInFlight', 'creditCode');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Status and correction

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The application the caller may read: its number with the link's secret token (`byLink`), or with
 * the contact's mobile — which reads the state only, since numbers can be guessed and a mobile is
 * no secret (else 404, the same for an unknown number and a wrong secret or mobile).
 */
async function accessibleApplication(db: Db, access: Access) {
  const row = await db
    .selectFrom('vendor_application as a')
    .innerJoin('tenant as t', 't.id', 'a.tenant_id')
    .selectAll('a')
    .select('t.code as tenant_code')
    .where('a.app_no', '=', access.no)
    .where('a.scope', '=', 'register')
    .executeTakeFirst();
  const byLink = !!row && access.token !== undefined && sameSecret(row.token_hash, sha256(access.token));
  const byMobile = !!row && access.mobile !== undefined && row.mobile === access.mobile;
  if (!row || !(byLink || byMobile)) throw notFound();
  return { row, byLink };
}

/** 'submitted' until an approver has approved a step, then 'inReview'. */
async function liveStatus(db: Db, row: { status: string; task_id: string | number | bigint | null }) {
  if (row.status !== 'submitted' || row.task_id === null)
    return row.status as ApplicationStatusView['status'];
  const acted = await db
    .selectFrom('flow_history')
    .select('id')
    .where('task_id', '=', String(row.task_id))
    .where('action', '=', 'audit')
    .executeTakeFirst();
  return acted ? 'inReview' : 'submitted';
}

/**
 * An application's state and a rejection's reason; with the secret link also its company, account
 * and — when rejected — its form to correct. Number and mobile never give the form (issue 36 §2).
 */
export async function applicationStatus(ctx: PublicContext, access: Access): Promise<ApplicationStatusView> {
  const { row, byLink } = await accessibleApplication(ctx.deps.db, access);
  const status = await liveStatus(ctx.deps.db, row);
  return {
    applicationNo: row.app_no,
    byLink,
    supplierName: byLink ? row.supplier_name : '',
    status,
    rejectReason: row.reject_reason,
    submittedAt: ms(row.updated_at) ?? 0,
    decidedAt: ms(row.decided_at),
    account: byLink ? row.account : '',
    form: byLink && status === 'rejected' ? (row.form_data as Record<string, unknown>) : null,
    tenant: row.tenant_code,
  };
}

/**
 * A rejected application corrected and sent through its admission flow again (409 unless
 * rejected). Only with the secret link: without it nobody changes the password, the contact's
 * mobile or the bank account of someone else's application. The approvers' form lists what changed.
 */
export async function resubmitRegistration(
  ctx: PublicContext,
  body: z.output<typeof resubmitBodySchema>,
): Promise<RegisterResult & { status: 'submitted' }> {
  const db = ctx.deps.db;
  const { row, byLink } = await accessibleApplication(db, { no: body.no, token: body.token });
  if (!byLink) throw notFound();
  const tenantId = String(row.tenant_id);
  if (row.status !== 'rejected' || row.scope !== 'register') throw new AppError(409, 'vendor.notRejected');
  if (body.password) await checkPassword(ctx, tenantId, body.password);
  await checkForm(ctx, db, tenantId, body);
  await checkDuplicates(ctx, db, tenantId, body.creditCode, null, String(row.id));
  const passwordHash = body.password ? await hashPassword(body.password) : row.password_hash;
  const form = storedForm(body);
  await ctx.deps.jobs.start();
  try {
    await transaction(db, async (tx) => {
      const changes = await applicationChanges(
        tx,
        tenantId,
        row.form_data as Record<string, unknown>,
        form,
        (code) => areaPath(tx, code),
      );
      const data = await admissionFormData(
        tx,
        { appNo: row.app_no, scope: 'register', account: row.account },
        form,
        changes,
      );
      const task =
        row.task_id === null
          ? null
          : await tx
              .selectFrom('flow_task')
              .select('status')
              .where('id', '=', String(row.task_id))
              .executeTakeFirst();
      let taskId = row.task_id === null ? null : String(row.task_id);
      if (task && taskId && task.status === FLOW_STATUS.rejected)
        await resubmitFormTask(ctx.deps, tx, {
          tenantId,
          taskId,
          formData: data,
          locale: ctx.locale,
          titles: vendorTaskTitles('vendor.admissionTitle', body.supplierName),
        });
      else {
        const launcher = await launcherOf(tx, tenantId, null);
        taskId = (
          await launchFormTask(ctx.deps, tx, {
            tenantId,
            formName: VENDOR_ADMISSION_FORM_NAME,
            launcherId: launcher.id,
            titles: vendorTaskTitles('vendor.admissionTitle', body.supplierName),
            formData: data,
            locale: ctx.locale,
          })
        ).id;
      }
      await tx
        .updateTable('vendor_application')
        .set({
          status: 'submitted',
          supplier_name: body.supplierName,
          credit_code: body.creditCode,
          mobile: body.contact.mobile,
          form_data: jsonb(form),
          password_hash: passwordHash,
          reject_reason: '',
          decided_at: null,
          task_id: taskId,
          locale: ctx.locale,
          updated_at: sql`now()`,
        })
        .where('id', '=', String(row.id))
        .execute();
      await linkFiles(tx, String(row.id), body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw field(ctx.locale, 'vendor.applicationInFlight', 'creditCode');
    throw error;
  }
  return { applicationNo: row.app_no, token: '', status: 'submitted' };
}
