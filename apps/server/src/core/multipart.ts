import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** What is kept of a file to tell what it is: its first and its last bytes (at most these many each). */
export const SAMPLE_HEAD_BYTES = 64 * 1024;
export const SAMPLE_TAIL_BYTES = 256 * 1024;

/**
 * After a refused upload, this much more of the body is read and thrown away before the connection
 * is closed (so the client, still sending, reads the answer instead of a reset), for at most this long.
 */
const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 5_000;

/**
 * Routes that take a file, in a scope of their own with the multipart parser. Registered for the
 * whole app, the parser's hooks (a listener and two promises for temporary files that this product
 * never writes through it) would run for every request. Elsewhere a multipart body is refused as
 * an unsupported type (400 `error.badMediaType`).
 */
export async function uploadRoutes<Provider extends FastifyTypeProvider>(
  app: Scope<Provider>,
  routes: (scope: Scope<Provider>) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    // A body left unread (refused over its size, or before it was read at all): see `discardRest`.
    scope.addHook('onResponse', (request, _reply, done) => {
      if (request.raw.complete === false) discardRest(request.raw);
      done();
    });
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
 * The answer has gone while the client is still sending: the rest of the body is read and dropped
 * (never kept) up to `LINGER_BYTES`, then the connection is closed. A body that ends within that
 * leaves the connection open for the next request.
 */
function discardRest(raw: IncomingMessage): void {
  let left = LINGER_BYTES;
  const close = () => raw.socket?.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left > 0) return;
    clearTimeout(timer);
    close();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/** The start and the end of a received file, and its length: what its kind is told by. */
export interface FileSample {
  /** The first `SAMPLE_HEAD_BYTES` (the whole file when it is shorter). */
  head: Buffer;
  /** The last `SAMPLE_TAIL_BYTES` (the whole file when it is shorter). */
  tail: Buffer;
  size: number;
}

/** An upload received on the local disk (the store's `spoolDir`), its size within the route's limit. */
export interface ReceivedUpload {
  /** The name the client gave. */
  filename: string;
  size: number;
  sample: FileSample;
  /** Moves the file into the file store under `key` (streamed; at most once). */
  save(key: string, contentType: string): Promise<void>;
  /** The whole file, for a parser that needs it at once (bounded by the route's limit). */
  read(): Promise<Buffer>;
}

export interface UploadErrors {
  noFile: () => AppError;
  tooLarge: () => AppError;
}

/** Raised into the file stream when it passes the limit. */
const OVER_LIMIT = new Error('upload over its limit');

/**
 * Receives the one file of a multipart request and hands it to `use`. The bytes go to a file of
 * the store's `spoolDir` as they arrive, never gathered in memory; at `maxBytes` the parser stops
 * (busboy's `fileSize` limit), the body is no longer read, the partial file is removed and the
 * route answers `tooLarge`. A body that ends early or is not well-formed multipart is the client's
 * fault: 400 `error.badMultipart`, never a 500. Whatever `use` does not `save` is removed when it
 * returns; a file it saved is deleted again when it throws afterwards (its record was not written).
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  maxBytes: number,
  errors: UploadErrors,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw errors.noFile();
  const { files } = request.server.deps;
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch (error) {
    throw clientError(request, error, errors);
  }
  if (!part) throw errors.noFile();
  await mkdir(files.spoolDir, { recursive: true });
  const spooled = path.join(files.spoolDir, `${randomBytes(16).toString('hex')}.part`);
  let saved: string | undefined;
  try {
    const { head, size } = await spool(request, part, spooled, errors);
    const tail = size <= head.length ? head : await readTail(spooled, size);
    return await use({
      filename: part.filename,
      size,
      sample: { head, tail, size },
      save: async (key, contentType) => {
        if (saved) throw new Error('upload saved twice');
        await files.putFile(key, spooled, contentType);
        saved = key;
      },
      read: () => readFile(spooled),
    });
  } catch (error) {
    if (saved) await files.delete(saved).catch(() => undefined);
    throw error;
  } finally {
    if (!saved) await rm(spooled, { force: true });
  }
}

async function spool(
  request: FastifyRequest,
  part: MultipartFile,
  target: string,
  errors: UploadErrors,
): Promise<{ head: Buffer; size: number }> {
  const stream = part.file;
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (headLength < SAMPLE_HEAD_BYTES) {
        const piece = Buffer.from(chunk.subarray(0, SAMPLE_HEAD_BYTES - headLength));
        head.push(piece);
        headLength += piece.length;
      }
      callback(null, chunk);
    },
  });
  // busboy has given exactly the limit and would parse (and drop) the rest: the body is no longer
  // read from here on — at once, before a body already at hand flows through in the same tick.
  stream.once('limit', () => {
    request.raw.unpipe();
    request.raw.pause();
    stream.destroy(OVER_LIMIT);
  });
  try {
    await pipeline(stream, counter, createWriteStream(target));
  } catch (error) {
    if (error === OVER_LIMIT || stream.truncated) throw errors.tooLarge();
    throw clientError(request, error, errors);
  }
  if (stream.truncated) throw errors.tooLarge();
  return { head: Buffer.concat(head), size };
}

async function readTail(file: string, size: number): Promise<Buffer> {
  const length = Math.min(size, SAMPLE_TAIL_BYTES);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function clientError(request: FastifyRequest, error: unknown, errors: UploadErrors): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return errors.tooLarge();
  request.log.info({ err: error }, 'bad multipart body');
  return new AppError(400, 'error.badMultipart');
}
