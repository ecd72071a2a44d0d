import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';

/**
 * Where files live: under `DATA_DIR/uploads` (the local store, the default) or in an S3-compatible
 * bucket (`S3_BUCKET` and the other `S3_*` settings; core/s3-store.ts). A key is a relative path of
 * plain segments, `{tenantId}/{type}/{name}` for uploads — never `..`, never absolute.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Moves a finished file of the local disk (an upload received into `spoolDir`) into the store
   * under `key`, streamed, never read into memory; the local file is gone afterwards.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The local folder uploads are received into while they arrive (on the store's own disk where it has one). */
  readonly spoolDir: string;
  /** Null when no file has the key. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix/` (a tenant's uploads: `{tenantId}`), sorted by key. */
  list(prefix: string): Promise<StoredFile[]>;
}

export interface StoredFile {
  key: string;
  size: number;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

export function assertKey(key: string): string {
  const parts = key.split('/');
  if (parts.length > 8 || !parts.every((p) => SEGMENT.test(p) && p !== '..' && p !== '.'))
    throw new Error(`bad file key: ${key}`);
  return key;
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  /** Beside the uploads (so a received file is renamed into place); no key can name it (keys never start with `.`). */
  readonly spoolDir: string;

  constructor(private readonly root: string) {
    this.spoolDir = path.join(root, '.incoming');
  }

  private file(key: string): string {
    const file = path.resolve(this.root, assertKey(key));
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad file key: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(source, file);
    } catch (error) {
      // Another disk (the uploads folder mounted apart): copy, then remove the received file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, file);
      await rm(source, { force: true });
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const root = path.resolve(this.root);
    const entries = await readdir(this.file(prefix), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    const out: StoredFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(root, file).split(path.sep).join('/');
      if (key.split('/').some((p) => !SEGMENT.test(p))) continue;
      const info = await stat(file).catch(() => null);
      if (info) out.push({ key, size: info.size });
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

/** The configured store: S3 when `S3_BUCKET` is set, else the uploads folder of DATA_DIR. */
export async function openFileStore(config: AppConfig): Promise<FileStore> {
  if (config.s3) {
    const { S3FileStore } = await import('./s3-store');
    return new S3FileStore(config.s3, path.join(config.dataDir, 'incoming'));
  }
  return new LocalFileStore(path.join(config.dataDir, 'uploads'));
}
