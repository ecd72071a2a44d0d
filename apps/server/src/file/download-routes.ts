import {
  FileApi,
  fileDownloadParamSchema,
  tempDownloadParamSchema,
  tempDownloadQuerySchema,
} from '@srm/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPerm } from '../core/access';
import { notFound } from '../core/errors';
import type { FileStore } from '../core/file-store';
import type { SignedInRequest, SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { type AttachmentFile, attachmentType, contentDisposition } from './attachments';
import { IMAGE_NAME } from './storage';
import { takeLatestTempLink, takeTempLink } from './temp-download';

/**
 * The one access check of stored files: the file of attachment `id` of `type` when the caller may
 * see the record it belongs to (the type's `resolve`), else null — a 404 alike for an unknown type,
 * a missing file, another tenant's or a record the caller may not see.
 */
async function resolveAttachment(
  request: SignedInRequest,
  type: string,
  id: string,
): Promise<AttachmentFile | null> {
  const def = attachmentType(type);
  if (!def) return null;
  const auth = request.auth;
  const ctx = contextOf(request);
  return def.resolve(
    {
      db: request.server.deps.db,
      tenantId: auth.tenantId,
      userId: auth.userId,
      entId: auth.entId,
      isAdmin: auth.isAdmin,
      hasPerm: (code) => hasPerm(ctx, code),
    },
    id,
  );
}

async function sendStored(
  reply: FastifyReply,
  files: FileStore,
  file: AttachmentFile,
  cacheControl: string,
  after?: () => void,
) {
  const stored = await files.get(file.key);
  if (!stored) throw notFound();
  if (after) stored.body.once('close', after);
  return reply
    .type(file.contentType)
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(file.contentType, file.fileName, file.asciiName))
    .header('cache-control', cacheControl)
    .send(stored.body);
}

/** An attachment, for a signed-in user who may see its record. */
export const attachmentRoutes: SignedInRoutes = async (app) => {
  const { files } = app.deps;

  app.get(
    `${FileApi.download}/:type/:id`,
    {
      config: { tokenQuery: true },
      schema: {
        tags: ['file'],
        summary:
          'An attachment, to users who may see the record it belongs to (else 404); types: IM (chat images: sender and receiver), userAvatar (the tenant), and those other domains register. Also ?token= for <a href>/<img src>',
        params: fileDownloadParamSchema,
      },
    },
    async (request, reply) => {
      const file = await resolveAttachment(request, request.params.type, request.params.id);
      if (!file) throw notFound();
      return sendStored(reply, files, file, 'private, max-age=3600');
    },
  );

  app.get(
    FileApi.tempDownload,
    {
      schema: {
        tags: ['file'],
        summary:
          'The caller’s own latest export not yet downloaded (?fileName= for one file), served once as its link would be; none: 404',
        querystring: tempDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const taken = await takeLatestTempLink(contextOf(request), request.query.fileName);
      if (!taken) throw notFound();
      return sendStored(
        reply,
        files,
        taken,
        'no-store',
        () => void files.delete(taken.key).catch(() => undefined),
      );
    },
  );

  app.get(
    '/api/file/Image/:type/:name',
    {
      config: { tokenQuery: true },
      schema: {
        tags: ['file'],
        summary:
          'An uploaded image (the `url` of an upload), to users who may see the record it belongs to, as File/Download checks it (else 404): a chat image to its sender and receiver, an avatar while a user of the tenant shows it. Also ?token= for <img src>',
        params: z.object({ type: z.string(), name: z.string() }),
        querystring: z.object({ token: z.string().optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const { type, name } = request.params;
      const file = IMAGE_NAME.test(name) ? await resolveAttachment(request, type, name) : null;
      if (!file) throw notFound();
      return sendStored(reply, files, file, 'private, max-age=86400');
    },
  );
};

/** One-time export links: no session, the token is the key. */
export const tempDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files } = app.deps;

  app.get(
    `${FileApi.tempDownload}/:token`,
    {
      config: { auth: 'none' },
      schema: {
        tags: ['file'],
        summary:
          'A one-time export link: served once within 5 minutes of the export, then 404 (no session: the token is the key)',
        params: tempDownloadParamSchema,
      },
    },
    async (request, reply) => {
      const taken = await takeTempLink(db, request.params.token, Date.now());
      if (!taken) throw notFound();
      // Used once: the file goes when it has been sent.
      return sendStored(
        reply,
        files,
        taken,
        'no-store',
        () => void files.delete(taken.key).catch(() => undefined),
      );
    },
  );
};
