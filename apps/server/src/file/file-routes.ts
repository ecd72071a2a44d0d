import { envelope, uploadResultSchema } from '@srm/contracts';
import { z } from 'zod';
import { envelopeOk } from '../core/envelope';
import { AppError } from '../core/errors';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { imageUrl, saveImage, UPLOAD_TYPE } from './storage';

export const fileRoutes: SignedInRoutes = async (app) => {
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
        const errors = {
          noFile: () => new AppError(400, 'file.noFile'),
          tooLarge: () => new AppError(400, 'file.tooLarge', { maxMb: upload.uploadMaxMb }),
        };
        const name = await receiveUpload(request, upload.uploadMaxMb * 1024 * 1024, errors, (file) =>
          saveImage(auth.tenantId, request.params.type, file),
        );
        return envelopeOk({ name, url: imageUrl(request.params.type, name) });
      },
    ),
  );
};
