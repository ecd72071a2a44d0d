import {
  FileApi,
  fileDownloadParamSchema,
  tempDownloadParamSchema,
  tempDownloadQuerySchema,
} from '@srm/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasPerm } from '../core/access';
import { notFound } from '../core/errors';
import type { FileStore } from '../core/file-store';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { type AttachmentFile, attachmentType, contentDisposition } from './attachments';
import { takeLatestTempLink, takeTempLink } from './temp-download';

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
  const { db, files } = app.deps;

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
      const auth = request.auth;
      const ctx = contextOf(request);
      const def = attachmentType(request.params.type);
      if (!def) throw notFound();
      const file = await def.resolve(
        {
          db,
          tenantId: auth.tenantId,
          userId: auth.userId,
          entId: auth.entId,
          isAdmin: auth.isAdmin,
          hasPerm: (code) => hasPerm(ctx, code),
        },
        request.params.id,
      );
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
