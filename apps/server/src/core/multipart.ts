import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Reads the one file of a multipart request into memory. A file over the limit answers `tooLarge`;
 * a body that ends early or is not well-formed multipart (the parser throws while reading) is
 * the client's fault and answers 400 `error.badMultipart`, never a 500.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number | undefined,
  errors: { noFile: () => AppError; tooLarge: () => AppError },
): Promise<{ file: MultipartFile; content: Buffer }> {
  if (!request.isMultipart()) throw errors.noFile();
  let file: MultipartFile | undefined;
  let content: Buffer;
  try {
    file = await request.file(maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } });
    if (!file) throw errors.noFile();
    content = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge();
    request.log.info({ err: error }, 'bad multipart body');
    throw new AppError(400, 'error.badMultipart');
  }
  if (file.file.truncated) throw errors.tooLarge();
  return { file, content };
}
