import { createHash, randomBytes } from 'node:crypto';
import { type RegisterUpload, VENDOR_FILE_MAX_BYTES } from '@srm/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppConfig } from '../config';
import { AppError } from '../core/errors';
import type { FileStore } from '../core/file-store';
import type { ReceivedUpload, UploadErrors } from '../core/multipart';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { registerBuiltinJob, runMessage } from '../system/task/job-registry';
import { detectVendorFile, safeName } from './file-service';
import { type PublicContext, registerTenant } from './register-service';

/**
 * Anonymous uploads of the registration form: each is a `vendor_file` of no enterprise (`ent_id`
 * 0) with a claim key; an application that names it claims it (`vendor_application_file`), an
 * approved one moves it to the new supplier. Three bounds keep strangers from filling the disk:
 * a byte quota per client address in a window, a cap on a tenant's unclaimed bytes, and the
 * scheduled task `upload.purgeUnclaimed` that removes unclaimed files after a day.
 */

type Db = Kysely<Database> | Transaction<Database>;
const MB = 1024 * 1024;

export interface RegisterUploadLimits {
  /** Bytes one client address may send in `windowMs`. */
  perAddress: number;
  windowMs: number;
  /** Bytes of a tenant's uploads that no application names. */
  unclaimed: number;
}

export function registerUploadLimits(config: AppConfig): RegisterUploadLimits {
  const r = config.register;
  return {
    perAddress: (r?.uploadQuotaMb ?? 100) * MB,
    windowMs: (r?.uploadWindowMinutes ?? 60) * 60_000,
    unclaimed: (r?.unclaimedMaxMb ?? 2048) * MB,
  };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Unclaimed: of no enterprise, from the registration (a claim key), named by no application. */
const unclaimedFiles = (db: Db, tenantId: string) =>
  db
    .selectFrom('vendor_file as f')
    .where('f.tenant_id', '=', tenantId)
    .where('f.ent_id', '=', '0')
    .where('f.claim_hash', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vendor_application_file as af')
            .select('af.file_id')
            .whereRef('af.file_id', '=', 'f.id'),
        ),
      ),
    );

/** What the address has sent in the window and what the tenant holds unclaimed, in bytes. */
async function usage(db: Db, tenantId: string, ip: string, windowMs: number) {
  const since = sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`;
  const [sent, held] = await Promise.all([
    db
      .selectFrom('vendor_file')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('bytes'))
      .where('client_ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    unclaimedFiles(db, tenantId)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('f.size'), sql<string>`0`).as('bytes'))
      .executeTakeFirstOrThrow(),
  ]);
  return { sent: Number(sent.bytes), held: Number(held.bytes) };
}

const quotaSpent = () => new AppError(429, 'vendor.uploadQuota');
const unclaimedFull = () => new AppError(429, 'vendor.uploadsFull');

/**
 * Before a byte is read: the tenant, and how much this upload may be — the 10 MB of a file, or
 * less where the address's quota or the tenant's unclaimed room ends first (then going over
 * answers 429 with that reason, not the size message). Nothing left: 429 at once.
 */
export async function registerUploadRoom(
  ctx: PublicContext,
  tenantCode: string | undefined,
): Promise<{ tenantId: string; maxBytes: number; errors: UploadErrors }> {
  const tenant = await registerTenant(ctx.deps.db, tenantCode);
  const limits = registerUploadLimits(ctx.deps.config);
  const { sent, held } = await usage(ctx.deps.db, tenant.id, ctx.ip, limits.windowMs);
  const byAddress = limits.perAddress - sent;
  const byTenant = limits.unclaimed - held;
  if (byAddress <= 0) throw quotaSpent();
  if (byTenant <= 0) throw unclaimedFull();
  const maxBytes = Math.min(VENDOR_FILE_MAX_BYTES, byAddress, byTenant);
  return {
    tenantId: tenant.id,
    maxBytes,
    errors: {
      noFile: () => new AppError(400, 'file.noFile'),
      tooLarge: () =>
        maxBytes === VENDOR_FILE_MAX_BYTES
          ? new AppError(400, 'vendor.fileTooLarge')
          : byAddress <= byTenant
            ? quotaSpent()
            : unclaimedFull(),
    },
  };
}

/**
 * Stores a received registration upload (PDF or image by content) and answers its id and claim
 * key. The quota and the cap are checked again with the record's insert, under a lock per address
 * and per tenant, so uploads running side by side cannot pass them together; a refusal deletes the
 * file again (`receiveUpload`).
 */
export async function saveRegisterFile(
  ctx: PublicContext,
  tenantId: string,
  upload: ReceivedUpload,
): Promise<RegisterUpload> {
  if (upload.size > VENDOR_FILE_MAX_BYTES) throw new AppError(400, 'vendor.fileTooLarge');
  const kind = detectVendorFile(upload.sample.head);
  if (!kind) throw new AppError(400, 'vendor.fileType');
  const key = randomBytes(16).toString('hex');
  const storageKey = `${tenantId}/vendor/register/${randomBytes(16).toString('hex')}.${kind.ext}`;
  await upload.save(storageKey, kind.contentType);
  const fileName = safeName(upload.filename);
  const limits = registerUploadLimits(ctx.deps.config);
  const row = await transaction(ctx.deps.db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`srm-upload-ip:${ctx.ip}`}))`.execute(tx);
    await sql`select pg_advisory_xact_lock(hashtext(${`srm-upload-tenant:${tenantId}`}))`.execute(tx);
    const { sent, held } = await usage(tx, tenantId, ctx.ip, limits.windowMs);
    if (sent + upload.size > limits.perAddress) throw quotaSpent();
    if (held + upload.size > limits.unclaimed) throw unclaimedFull();
    return tx
      .insertInto('vendor_file')
      .values({
        tenant_id: tenantId,
        ent_id: '0',
        uploaded_by: '0',
        storage_key: storageKey,
        file_name: fileName,
        content_type: kind.contentType,
        size: upload.size,
        claim_hash: sha256(key),
        client_ip: ctx.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  return { id: String(row.id), key, fileName, size: upload.size, contentType: kind.contentType };
}

/** Removes the tenant's unclaimed uploads older than `before`: their records, then their files. */
export async function purgeUnclaimedUploads(
  db: Kysely<Database>,
  files: FileStore,
  tenantId: string,
  before: Date,
): Promise<number> {
  const gone = await db
    .deleteFrom('vendor_file')
    .where('id', 'in', unclaimedFiles(db, tenantId).select('f.id').where('f.created_at', '<', before))
    .returning('storage_key')
    .execute();
  for (const { storage_key } of gone) await files.delete(storage_key).catch(() => undefined);
  return gone.length;
}

const DAY_MS = 86_400_000;

registerBuiltinJob({
  code: 'upload.purgeUnclaimed',
  embeddedOnly: false,
  retryLimit: 2,
  async run(ctx, params) {
    const days = params.days ?? 1;
    const count = await purgeUnclaimedUploads(
      ctx.db,
      ctx.files,
      ctx.tenantId,
      new Date(ctx.now.getTime() - days * DAY_MS),
    );
    return runMessage('task.run.uploadsPurged', { days, count: String(count) });
  },
});
