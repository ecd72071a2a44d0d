import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { envelope, uploadResultSchema } from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { readUploadedFile } from '../core/multipart';
import { detectImage, IMAGE_MIME, imagePath, imageUrl, saveImage, UPLOAD_TYPE } from './storage';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataDir } = app.deps.config;

  app.post(
    '/api/file/Uploader/:type',
    {
      schema: {
        tags: ['file'],
        summary: 'Uploads one image (multipart field `file`; png, jpeg, gif or webp by content; max 5 MB)',
        consumes: ['multipart/form-data'],
        params: z.object({ type: z.string().regex(UPLOAD_TYPE) }),
        response: { 200: envelope(uploadResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { content } = await readUploadedFile(request, undefined, {
        noFile: () => new AppError(400, 'file.noFile'),
        tooLarge: () => new AppError(400, 'file.tooLarge'),
      });
      const ext = detectImage(content);
      if (!ext) throw new AppError(400, 'file.notImage');
      const name = await saveImage(dataDir, auth.tenantId, request.params.type, ext, content);
      return envelopeOk({ name, url: imageUrl(request.params.type, name) });
    },
  );

  app.get(
    '/api/file/Image/:type/:name',
    {
      config: { tokenQuery: true },
      schema: {
        tags: ['file'],
        summary: 'An uploaded image of the tenant (signed-in; also ?token= for <img src>)',
        params: z.object({ type: z.string(), name: z.string() }),
        querystring: z.object({ token: z.string().optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const file = imagePath(dataDir, auth.tenantId, request.params.type, request.params.name);
      if (!file) throw notFound();
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      const ext = request.params.name.split('.').pop() ?? '';
      return reply
        .type(IMAGE_MIME[ext] ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
};
