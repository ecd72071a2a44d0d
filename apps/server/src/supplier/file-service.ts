import { randomBytes } from 'node:crypto';
import {
  RfqPerm,
  VENDOR_ADMISSION_CODES,
  VENDOR_CODES,
  VENDOR_FILE_MAX_BYTES,
  VENDOR_FILE_TYPE,
  type VendorFile,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { ReceivedUpload } from '../core/multipart';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { registerAttachmentType } from '../file/index';
import { detectImage, IMAGE_MIME } from '../file/storage';

type Db = Kysely<Database> | Transaction<Database>;

/** PDF or an image, by content (its first bytes; never by name or declared type). */
export function detectVendorFile(head: Buffer): { ext: string; contentType: string } | null {
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { ext: 'pdf', contentType: 'application/pdf' };
  const image = detectImage(head);
  return image ? { ext: image, contentType: IMAGE_MIME[image] ?? 'application/octet-stream' } : null;
}

export const safeName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 200) || 'file';

export const vendorFileUrl = (id: string) => `/api/file/Download/${VENDOR_FILE_TYPE}/${id}`;

/** Stores a received upload of the caller (PDF or image, at most 10 MB) and answers its record. */
export async function saveVendorFile(ctx: ServiceContext, upload: ReceivedUpload): Promise<VendorFile> {
  if (upload.size > VENDOR_FILE_MAX_BYTES) throw new AppError(400, 'vendor.fileTooLarge');
  const kind = detectVendorFile(upload.sample.head);
  if (!kind) throw new AppError(400, 'vendor.fileType');
  const key = `${ctx.tenantId}/vendor/${randomBytes(16).toString('hex')}.${kind.ext}`;
  await upload.save(key, kind.contentType);
  const fileName = safeName(upload.filename);
  const row = await ctx.db
    .insertInto('vendor_file')
    .values({
      tenant_id: ctx.tenantId,
      ent_id: ctx.auth.entId,
      uploaded_by: ctx.userId,
      storage_key: key,
      file_name: fileName,
      content_type: kind.contentType,
      size: upload.size,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  return { id, fileName, size: upload.size, contentType: kind.contentType, url: vendorFileUrl(id) };
}

/** Files as the wire shows them. */
export function toVendorFiles(
  rows: { id: unknown; file_name: string; size: number; content_type: string }[],
): VendorFile[] {
  return rows.map((r) => ({
    id: String(r.id),
    fileName: r.file_name,
    size: r.size,
    contentType: r.content_type,
    url: vendorFileUrl(String(r.id)),
  }));
}

/** 404 naming the field whose ids are not found (another tenant's or supplier's: never revealed). */
export const notFoundAt = (ctx: ServiceContext, field: string) =>
  new AppError(404, 'error.notFound', undefined, { fields: { [field]: t(ctx.locale, 'error.notFound') } });

/** Files uploaded from the caller's enterprise: what a notice, reply or record may attach (else 404 at `field`). */
export async function assertOwnFiles(
  ctx: ServiceContext,
  db: Db,
  fileIds: readonly string[],
  field: string,
): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('vendor_file')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('ent_id', '=', ctx.auth.entId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw notFoundAt(ctx, field);
}

/**
 * `GET /api/file/Download/vendorFile/{id}`: staff of the tenant holding a supplier code see every
 * vendor file; a supplier's user sees its own enterprise's uploads and the attachments of
 * published notices delivered to its supplier. Anything else is a 404.
 */
registerAttachmentType({
  type: VENDOR_FILE_TYPE,
  async resolve(ctx, id) {
    if (!/^\d{1,18}$/.test(id)) return null;
    const file = await ctx.db
      .selectFrom('vendor_file')
      .selectAll()
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!file) return null;
    const ent = await ctx.db
      .selectFrom('ent')
      .select('ent_type')
      .where('id', '=', ctx.entId)
      .executeTakeFirst();
    let allowed = false;
    if (ent?.ent_type !== 2) {
      allowed =
        (await ctx.hasPerm(VENDOR_CODES.supplier)) ||
        (await ctx.hasPerm(VENDOR_CODES.notice)) ||
        (await ctx.hasPerm(VENDOR_ADMISSION_CODES.page)) ||
        // Buyers comparing quotes read their attachments.
        (await ctx.hasPerm(RfqPerm.rfq)) ||
        // An approver of an admission whose application names the file (to-do, done or delegated).
        (await ctx.db
          .selectFrom('vendor_application_file as af')
          .innerJoin('vendor_application as a', 'a.id', 'af.application_id')
          .innerJoin('flow_operator as o', 'o.task_id', 'a.task_id')
          .select('af.file_id')
          .where('af.file_id', '=', id)
          .where('a.tenant_id', '=', ctx.tenantId)
          .where((eb) => eb.or([eb('o.user_id', '=', ctx.userId), eb('o.handled_by', '=', ctx.userId)]))
          .executeTakeFirst()) !== undefined;
    } else if (String(file.ent_id) === ctx.entId) {
      allowed = true;
    } else {
      const viaNotice = await ctx.db
        .selectFrom('vendor_notice_file as f')
        .innerJoin('vendor_notice as n', 'n.id', 'f.notice_id')
        .innerJoin('vendor_notice_item as i', 'i.notice_id', 'n.id')
        .innerJoin('vendor_supplier as s', 's.id', 'i.supplier_id')
        .select('f.file_id')
        .where('f.file_id', '=', id)
        .where('n.state', '=', 1)
        .where('i.delivered', '=', true)
        .where('s.ent_id', '=', ctx.entId)
        .executeTakeFirst();
      allowed = viaNotice !== undefined;
    }
    return allowed
      ? { key: file.storage_key, fileName: file.file_name, contentType: file.content_type }
      : null;
  },
});
