import multipart, { type MultipartFile } from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { AppError } from './errors';

/** The largest upload any route takes (a route may ask for less). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Routes that take a file, in a scope of their own with the multipart parser. Registered for the
 * whole app, the parser's hooks (a listener and two promises for temporary files that this product
 * never writes: uploads are read into memory) would run for every request. Elsewhere a multipart
 * body is refused as an unsupported type (400 `error.badMediaType`).
 */
export async function uploadRoutes<Provider extends FastifyTypeProvider>(
  app: Scope<Provider>,
  routes: (scope: Scope<Provider>) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    routes(scope.withTypeProvider<Provider>());
  });
}

type Scope<Provider extends FastifyTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  Provider
>;

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
