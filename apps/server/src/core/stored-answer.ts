import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './static-assets';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * An answer kept as bytes (in the versioned cache): the envelope's JSON, written once, and its
 * brotli and gzip forms made on first demand. Serialising a large answer (the menu tree, a 2 MB
 * dictionary) and compressing it again for every request would cost many times what sending it
 * does; a stored answer costs a cache lookup and a write.
 */
export class StoredAnswer {
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  readonly plain: Buffer;

  /** `json`: the envelope as a route's serializer writes it (`reply.serialize`). */
  constructor(json: string | Buffer | ArrayBuffer) {
    this.plain =
      typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  }

  as(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.plain, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.plain.length,
              },
            })
          : gzip(this.plain, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/** br when the client takes it, else gzip, else none (a q=0 entry refuses an encoding). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a stored answer as it is: no serializer, and a set Content-Encoding keeps the compression
 * hook from compressing it again. Small answers go plain, as the hook would send them.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: StoredAnswer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  const encoding =
    answer.plain.length < COMPRESS_THRESHOLD_BYTES
      ? null
      : acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.plain);
  return reply.header('content-encoding', encoding).send(await answer.as(encoding));
}
