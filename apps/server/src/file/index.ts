import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { attachmentRoutes, tempDownloadRoutes } from './download-routes';
import { fileRoutes } from './file-routes';

export { type FileStore, openFileStore } from '../core/file-store';
export { type AttachmentType, registerAttachmentType } from './attachments';
export { sendExport } from './temp-download';

/** Files: image uploads, attachment downloads and one-time export links. */
export async function fileDomain(app: FastifyInstance): Promise<void> {
  await app.register(signedIn(fileRoutes, attachmentRoutes));
  await app.register(tempDownloadRoutes);
}
