import { createHash, randomBytes } from 'node:crypto';
import { FileApi, TEMP_DOWNLOAD_TTL_MS, type TempLink } from '@srm/contracts';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { envelopeOk } from '../core/envelope';
import type { FileStore } from '../core/file-store';
import { t } from '../core/i18n';
import type { SignedInRequest } from '../core/scope';
import { contextOf, type ServiceContext } from '../core/service-context';
import type { Database } from '../db/types';
import { contentDisposition } from './attachments';

export type TempDownloadContext = Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'now'> & {
  files: FileStore;
};

export interface ExportFile {
  body: Buffer;
  fileName: string;
  /** The name for clients that do not read `filename*`. */
  asciiName?: string;
  contentType: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Expired links and their files go when a new link is made (at most this many at a time). */
const PURGE_BATCH = 50;

async function purgeExpired(ctx: TempDownloadContext): Promise<void> {
  const gone = await ctx.db
    .deleteFrom('sys_temp_download')
    .where('id', 'in', (eb) =>
      eb.selectFrom('sys_temp_download').select('id').where('expires_at', '<', ctx.now()).limit(PURGE_BATCH),
    )
    .returning('storage_key')
    .execute();
  await Promise.all(gone.map((r) => ctx.files.delete(r.storage_key).catch(() => undefined)));
}

/** Stores the file and answers a link that serves it once, within TEMP_DOWNLOAD_TTL_MS. */
export async function createTempLink(ctx: TempDownloadContext, file: ExportFile): Promise<TempLink> {
  await purgeExpired(ctx);
  const token = randomBytes(32).toString('base64url');
  const key = `temp/${ctx.tenantId}/${randomBytes(16).toString('hex')}`;
  await ctx.files.put(key, file.body, file.contentType);
  const expiresAt = ctx.now().getTime() + TEMP_DOWNLOAD_TTL_MS;
  await ctx.db
    .insertInto('sys_temp_download')
    .values({
      tenant_id: ctx.tenantId,
      user_id: ctx.userId,
      token_hash: hashToken(token),
      storage_key: key,
      file_name: file.fileName,
      ascii_name: file.asciiName ?? '',
      content_type: file.contentType,
      expires_at: new Date(expiresAt),
    })
    .execute();
  return { url: `${FileApi.tempDownload}/${token}`, expiresAt };
}

type TakenFile = { key: string; fileName: string; asciiName?: string; contentType: string };
const takenFile = (row: {
  storage_key: string;
  file_name: string;
  ascii_name: string;
  content_type: string;
}): TakenFile => ({
  key: row.storage_key,
  fileName: row.file_name,
  asciiName: row.ascii_name || undefined,
  contentType: row.content_type,
});

/**
 * Takes the link: the one update that marks it used wins, so a second use — even at the same
 * moment, on another process — finds nothing. Null for an unknown, used or expired token.
 */
export async function takeTempLink(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<TakenFile | null> {
  const row = await db
    .updateTable('sys_temp_download')
    .set({ used_at: new Date(now) })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .returning(['storage_key', 'file_name', 'ascii_name', 'content_type'])
    .executeTakeFirst();
  return row ? takenFile(row) : null;
}

/**
 * Bare `temp-download`: the newest of the caller's own links (his tenant, his user) not yet used
 * nor expired, optionally of one file name, taken as its token would take it. Null when none.
 */
export async function takeLatestTempLink(
  ctx: Pick<ServiceContext, 'db' | 'tenantId' | 'userId' | 'now'>,
  fileName?: string,
): Promise<TakenFile | null> {
  const now = ctx.now();
  let latest = ctx.db
    .selectFrom('sys_temp_download')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('user_id', '=', ctx.userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (fileName) latest = latest.where('file_name', '=', fileName);
  const row = await ctx.db
    .updateTable('sys_temp_download')
    .set({ used_at: now })
    .where('id', '=', (eb) => eb.selectFrom(latest.orderBy('id', 'desc').limit(1).as('l')).select('l.id'))
    // The link's own use may have taken it meanwhile: one of the two wins.
    .where('used_at', 'is', null)
    .returning(['storage_key', 'file_name', 'ascii_name', 'content_type'])
    .executeTakeFirst();
  return row ? takenFile(row) : null;
}

/**
 * An export's answer: the file itself, or with `?link=true` a one-time link to it (which a plain
 * `<a href>` can open: the token is the key, no session header needed).
 */
export async function sendExport(
  request: SignedInRequest,
  reply: FastifyReply,
  file: ExportFile,
  asLink: boolean,
) {
  if (asLink) {
    const link = await createTempLink({ ...contextOf(request), files: request.server.deps.files }, file);
    return reply.send(envelopeOk(link, t(request.locale, 'file.exportReady')));
  }
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.contentType, file.fileName, file.asciiName))
    .send(file.body);
}
