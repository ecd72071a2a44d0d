import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { IMAGE_MIME, IMAGE_NAME, imageUrl } from './storage';

/** Who asks for an attachment: the service checks the record it belongs to against this. */
export interface AttachmentContext {
  db: Kysely<Database>;
  tenantId: string;
  userId: string;
  entId: string;
  isAdmin: boolean;
  /** The caller holds the permission code (tenant administrators hold all). */
  hasPerm(code: string): Promise<boolean>;
}

export interface AttachmentFile {
  /** The file store key. */
  key: string;
  fileName: string;
  /** The name for clients that do not read `filename*`. */
  asciiName?: string;
  contentType: string;
}

/**
 * One kind of attachment served by `GET /api/file/Download/{type}/{id}`: the domain that owns the
 * records says whether the caller may see the record attachment `id` belongs to. Answering null
 * (no such attachment, another tenant's, a record the caller may not see) is a 404 alike.
 */
export interface AttachmentType {
  type: string;
  resolve(ctx: AttachmentContext, id: string): Promise<AttachmentFile | null>;
}

const types = new Map<string, AttachmentType>();

/** Domains register their attachment kinds at start-up (registering a type again replaces it). */
export function registerAttachmentType(def: AttachmentType): void {
  types.set(def.type, def);
}

export function attachmentType(type: string): AttachmentType | undefined {
  return types.get(type);
}

const imageFile = (tenantId: string, type: string, name: string): AttachmentFile => ({
  key: `${tenantId}/${type}/${name}`,
  fileName: name,
  contentType: IMAGE_MIME[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
});

/** A chat image: to the sender and the receiver of a message that carries it. */
registerAttachmentType({
  type: 'IM',
  async resolve(ctx, id) {
    if (!IMAGE_NAME.test(id)) return null;
    const row = await ctx.db
      .selectFrom('im_message')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('content_type', '=', 'image')
      .where((eb) => eb.or([eb('send_user_id', '=', ctx.userId), eb('receive_user_id', '=', ctx.userId)]))
      // The name is 32 hex characters and an extension: nothing LIKE would read as a pattern.
      .where('content', 'like', `%"${imageUrl('IM', id)}"%`)
      .limit(1)
      .executeTakeFirst();
    return row ? imageFile(ctx.tenantId, 'IM', id) : null;
  },
});

/** An avatar: to every user of the tenant (colleagues see each other's pictures) while a user shows it. */
registerAttachmentType({
  type: 'userAvatar',
  async resolve(ctx, id) {
    if (!IMAGE_NAME.test(id)) return null;
    const row = await ctx.db
      .selectFrom('sys_user')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('deleted', '=', false)
      .where('head_icon', '=', imageUrl('userAvatar', id))
      .limit(1)
      .executeTakeFirst();
    return row ? imageFile(ctx.tenantId, 'userAvatar', id) : null;
  },
});

/** Shown in the browser; everything else downloads (an HTML or SVG file never runs as the product's page). */
const PREVIEWABLE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
]);

/** `asciiName`: the plain name for clients that do not read `filename*` (else the name with `_` for the rest). */
export function contentDisposition(contentType: string, fileName: string, asciiName?: string): string {
  const kind = PREVIEWABLE.has(contentType.split(';')[0]?.trim() ?? '') ? 'inline' : 'attachment';
  const ascii = (asciiName ?? fileName).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
