import { randomBytes } from 'node:crypto';
import { FLOW_FILE_MAX_COUNT, FLOW_FILE_TYPE, type FlowFile, type FormField } from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError, fieldError } from '../core/errors';
import { t } from '../core/i18n';
import type { FileSample, ReceivedUpload } from '../core/multipart';
import type { ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import type { RegisteredForm } from './forms';

type Db = Kysely<Database> | Transaction<Database>;

/** What a task attachment may be, by content: its extension and the type it is served with. */
interface FileKind {
  ext: string;
  contentType: string;
}

const OOXML: Record<string, FileKind> = {
  'word/document.xml': {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'xl/workbook.xml': {
    ext: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'ppt/presentation.xml': {
    ext: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
};

const bytes = (...b: number[]) => Buffer.from(b);
const PNG_SIGNATURE = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PNG_END = bytes(0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82);
/** The tail of a file where its end marker must be (some writers pad after it). */
const tail = (buf: Buffer, n: number) => buf.subarray(Math.max(0, buf.length - n));

/**
 * The kind of an upload by its content (never by its name or declared type), told from its first
 * and last bytes: PDF, PNG, JPEG, GIF, WebP, or a Word, Excel or PowerPoint file (a zip with
 * `[Content_Types].xml` and the application's main part, named by its first entry and its central
 * directory at the end). 'broken': the start of a known kind whose end is missing (a truncated
 * upload); null: anything else.
 */
export function detectFlowFile({ head: start, tail: end, size }: FileSample): FileKind | 'broken' | null {
  const head = start.subarray(0, 12).toString('latin1');
  if (head.startsWith('%PDF-'))
    return tail(end, 1024).includes('%%EOF') ? { ext: 'pdf', contentType: 'application/pdf' } : 'broken';
  if (start.subarray(0, 8).equals(PNG_SIGNATURE))
    return tail(end, 12).includes(PNG_END) ? { ext: 'png', contentType: 'image/png' } : 'broken';
  if (start.length >= 3 && start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff)
    return tail(end, 64).includes(bytes(0xff, 0xd9)) ? { ext: 'jpg', contentType: 'image/jpeg' } : 'broken';
  if (/^GIF8[79]a/.test(head))
    return tail(end, 16).includes(0x3b) ? { ext: 'gif', contentType: 'image/gif' } : 'broken';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP')
    return start.readUInt32LE(4) + 8 <= size ? { ext: 'webp', contentType: 'image/webp' } : 'broken';
  if (head.startsWith('PK\u0003\u0004')) {
    // A zip ends with its central directory's end record (within the last 64 KiB of comment).
    if (!tail(end, 22 + 65_535).includes('PK\u0005\u0006')) return 'broken';
    const has = (name: string) => start.includes(name) || end.includes(name);
    if (!has('[Content_Types].xml')) return null;
    for (const [part, kind] of Object.entries(OOXML)) if (has(part)) return kind;
    return null;
  }
  return null;
}

/** A name safe in a header and on a disk, ending with the extension of what the file is. */
function safeName(name: string, ext: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'file';
  const own = clean.split('.').pop()?.toLowerCase();
  const same = own === ext || (ext === 'jpg' && own === 'jpeg');
  return (same ? clean : `${clean}.${ext}`).slice(-200);
}

export const flowFileUrl = (id: string) => `/api/file/Download/${FLOW_FILE_TYPE}/${id}`;

interface FileRow {
  id: unknown;
  file_name: string;
  size: number;
  content_type: string;
}
const toFlowFile = (r: FileRow): FlowFile => ({
  id: String(r.id),
  name: r.file_name,
  size: r.size,
  contentType: r.content_type,
  url: flowFileUrl(String(r.id)),
});

/**
 * Stores an upload of the caller (checked by content; its size was capped while it was read) and
 * answers its record. It is the caller's alone until a task he saves names it.
 */
export async function saveFlowFile(ctx: ServiceContext, upload: ReceivedUpload): Promise<FlowFile> {
  const kind = detectFlowFile(upload.sample);
  if (kind === 'broken') throw new AppError(400, 'file.attachmentBroken');
  if (!kind) throw new AppError(400, 'file.attachmentType');
  const key = `${ctx.tenantId}/${FLOW_FILE_TYPE}/${randomBytes(16).toString('hex')}.${kind.ext}`;
  await upload.save(key, kind.contentType);
  const row = await ctx.db
    .insertInto('flow_file')
    .values({
      tenant_id: ctx.tenantId,
      uploaded_by: ctx.userId,
      storage_key: key,
      file_name: safeName(upload.filename, kind.ext),
      content_type: kind.contentType,
      size: upload.size,
    })
    .returning(['id', 'file_name', 'size', 'content_type'])
    .executeTakeFirstOrThrow();
  return toFlowFile(row);
}

/** Every upload value of a form's data, with the path its errors are reported at. */
function uploadValues(fields: readonly FormField[], data: Record<string, unknown>) {
  const out: { path: string; value: unknown; set: (files: FlowFile[]) => void }[] = [];
  for (const field of fields) {
    const value = data[field.name];
    if (field.type === 'upload' && value !== undefined)
      out.push({ path: field.name, value, set: (files) => (data[field.name] = files) });
    if (field.type !== 'table' || !Array.isArray(value)) continue;
    value.forEach((row: Record<string, unknown>, i) => {
      for (const column of field.columns ?? [])
        if (column.type === 'upload' && row[column.name] !== undefined)
          out.push({
            path: `${field.name}.${i}.${column.name}`,
            value: row[column.name],
            set: (files) => (row[column.name] = files),
          });
    });
  }
  return out;
}

const FILE_ID = /^\d{1,18}$/;

/**
 * The task attachments a saved form names, bound to the task: each must be a file of the tenant
 * already on this task, or the caller's own upload on no task yet (anything else — another
 * tenant's, another user's, another task's — is 404 at its field). The form's values are rewritten
 * from the records (a client never decides a name or an address), and the new ones are bound in the
 * caller's transaction. A form whose domain keeps its own files (`ownFiles`) is left alone.
 */
export async function bindFlowFiles(
  ctx: Pick<ServiceContext, 'tenantId' | 'userId' | 'locale'>,
  tx: Transaction<Database>,
  form: RegisteredForm | undefined,
  taskId: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!form || form.ownFiles) return data;
  if (uploadValues(form.schema.fields, data).length === 0) return data;
  const out = structuredClone(data);
  const values = uploadValues(form.schema.fields, out);
  const invalid: Record<string, string> = {};
  const wanted = new Map<string, string>();
  for (const { path, value } of values) {
    const ids = Array.isArray(value) ? value.map((v) => (v as { id?: unknown } | null)?.id) : [];
    if (
      !Array.isArray(value) ||
      value.length > FLOW_FILE_MAX_COUNT ||
      !ids.every((id) => typeof id === 'string' && FILE_ID.test(id))
    )
      invalid[path] = t(ctx.locale, 'validation.invalid');
    else for (const id of ids as string[]) if (!wanted.has(id)) wanted.set(id, path);
  }
  if (Object.keys(invalid).length > 0) throw fieldError(invalid);
  if (wanted.size === 0) return out;
  const rows = await tx
    .selectFrom('flow_file')
    .select(['id', 'file_name', 'size', 'content_type', 'task_id', 'uploaded_by'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', 'in', [...wanted.keys()])
    .execute();
  const usable = new Map(
    rows
      .filter((r) =>
        r.task_id === null ? String(r.uploaded_by) === ctx.userId : String(r.task_id) === taskId,
      )
      .map((r) => [String(r.id), r]),
  );
  const missing = [...wanted].filter(([id]) => !usable.has(id));
  if (missing.length > 0)
    throw new AppError(404, 'error.notFound', undefined, {
      fields: Object.fromEntries(missing.map(([, path]) => [path, t(ctx.locale, 'error.notFound')])),
    });
  for (const { value, set } of values)
    set((value as { id: string }[]).map((v) => toFlowFile(usable.get(v.id) as FileRow)));
  const fresh = [...usable.values()].filter((r) => r.task_id === null).map((r) => String(r.id));
  if (fresh.length > 0) {
    // Conditional: an upload bound meanwhile by another save of the same user is not taken twice.
    const bound = await tx
      .updateTable('flow_file')
      .set({ task_id: taskId })
      .where('id', 'in', fresh)
      .where('task_id', 'is', null)
      .returning('id')
      .execute();
    if (bound.length !== fresh.length) throw new AppError(404, 'error.notFound');
  }
  return out;
}

/** A file of the tenant, for the download check. */
export async function flowFileOf(db: Db, tenantId: string, id: string) {
  if (!FILE_ID.test(id)) return undefined;
  return db
    .selectFrom('flow_file')
    .select(['storage_key', 'file_name', 'content_type', 'task_id', 'uploaded_by'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
