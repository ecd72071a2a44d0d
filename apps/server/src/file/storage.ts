import { randomBytes } from 'node:crypto';
import { AppError } from '../core/errors';
import type { FileStore } from '../core/file-store';
import type { ReceivedUpload } from '../core/multipart';

/** Stored names: 32 hex characters and the extension of the detected type. */
export const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** Upload kinds (`IM`, `userAvatar`, ...): a folder name, never a path. */
export const UPLOAD_TYPE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

export const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type by magic bytes (not by name or declared type); null for anything else. */
export function detectImage(buf: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** The store key of an upload; null for a type or name that is not one. */
export function imageKey(tenantId: string, type: string, name: string): string | null {
  if (!/^\d+$/.test(tenantId) || !UPLOAD_TYPE.test(type) || !IMAGE_NAME.test(name)) return null;
  return `${tenantId}/${type}/${name}`;
}

export function imageUrl(type: string, name: string): string {
  return `/api/file/Image/${type}/${name}`;
}

/** Stores a received image (png, jpeg, gif or webp by content, else 400) and answers its name. */
export async function saveImage(tenantId: string, type: string, upload: ReceivedUpload): Promise<string> {
  const ext = detectImage(upload.sample.head);
  if (!ext) throw new AppError(400, 'file.notImage');
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const key = imageKey(tenantId, type, name);
  if (!key) throw new Error('bad upload folder');
  await upload.save(key, IMAGE_MIME[ext] ?? 'application/octet-stream');
  return name;
}

export async function imageExists(files: FileStore, tenantId: string, type: string, name: string) {
  const key = imageKey(tenantId, type, name);
  if (!key) return false;
  const found = await files.get(key).catch(() => null);
  found?.body.destroy();
  return found !== null;
}
