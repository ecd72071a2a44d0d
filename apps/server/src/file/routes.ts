import { envelope, uploadResultSchema } from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { readUploadedFile, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { detectImage, IMAGE_MIME, imageKey, imageUrl, saveImage, UPLOAD_TYPE } from './storage';

export const fileRoutes: SignedInRoutes = async (app) => {
  const { files } = app.deps;

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      '/api/file/Uploader/:type',
      {
        schema: {
          tags: ['file'],
          summary:
            'Uploads one image (multipart field `file`; png, jpeg, gif or webp by content; at most the configured upload size, 5 MB by default)',
          consumes: ['multipart/form-data'],
          params: z.object({ type: z.string().regex(UPLOAD_TYPE) }),
          response: { 200: envelope(uploadResultSchema) },
        },
      },
      async (request) => {
        const auth = request.auth;
        const { upload } = await app.deps.settings.all(auth.tenantId, auth.configVersion);
        const { content } = await readUploadedFile(request, upload.uploadMaxMb * 1024 * 1024, {
          noFile: () => new AppError(400, 'file.noFile'),
          tooLarge: () => new AppError(400, 'file.tooLarge', { maxMb: upload.uploadMaxMb }),
        });
        const ext = detectImage(content);
        if (!ext) throw new AppError(400, 'file.notImage');
        const name = await saveImage(files, auth.tenantId, request.params.type, ext, content);
        return envelopeOk({ name, url: imageUrl(request.params.type, name) });
      },
    ),
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
      const auth = request.auth;
      const key = imageKey(auth.tenantId, request.params.type, request.params.name);
      const stored = key ? await files.get(key) : null;
      if (!stored) throw notFound();
      const ext = request.params.name.split('.').pop() ?? '';
      return reply
        .type(IMAGE_MIME[ext] ?? 'application/octet-stream')
        .header('content-length', stored.size)
        .header('cache-control', 'private, max-age=86400')
        .send(stored.body);
    },
  );
};
