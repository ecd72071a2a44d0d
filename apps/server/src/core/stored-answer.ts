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
  /** The compressed forms once made, for a send without a promise. */
  private readonly made = new Map<'br' | 'gzip', Buffer>();
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
      body.then(
        (made) => this.made.set(encoding, made),
        () => this.encoded.delete(encoding),
      );
    }
    return body;
  }

  /** The compressed form if already made, else undefined (`as` makes it). */
  madeAs(encoding: 'br' | 'gzip'): Buffer | undefined {
    return this.made.get(encoding);
  }
}

/** br when the client takes it, else gzip, else none (a q=0 entry refuses an encoding). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const text = String(header);
  // A browser sends the same header with every request: it is read once, not split every time.
  const known = encodingOfHeader.get(text);
  if (known !== undefined) return known;
  const accepted = new Set<string>();
  for (const part of text.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name.trim());
  }
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  // Bounded: a client sending a new header each time never grows it past this.
  if (encodingOfHeader.size >= ENCODING_HEADERS_KEPT) encodingOfHeader.clear();
  encodingOfHeader.set(text, encoding);
  return encoding;
}

const ENCODING_HEADERS_KEPT = 64;
const encodingOfHeader = new Map<string, 'br' | 'gzip' | null>();

/**
 * Sends a stored answer as it is: no serializer, and a set Content-Encoding keeps the compression
 * hook from compressing it again. Small answers go plain, as the hook would send them. Sent at
 * once unless its compressed form is still to be made (then a promise of the reply).
 */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: StoredAnswer,
): FastifyReply | Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  const encoding =
    answer.plain.length < COMPRESS_THRESHOLD_BYTES
      ? null
      : acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.plain);
  reply.header('content-encoding', encoding);
  const made = answer.madeAs(encoding);
  if (made) return reply.send(made);
  return answer.as(encoding).then((body) => reply.send(body));
}

/**
 * A route handler's answer from a stored answer: sent at once (undefined, as a handler that sent
 * its reply returns) when it was kept (`kept`, the cache's loaded value) and needs nothing more,
 * so the request spends no promise; else a promise of the reply, once `load` has it.
 */
export function answerStored(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: StoredAnswer | undefined,
  load: () => Promise<StoredAnswer>,
): Promise<void> | undefined {
  if (kept) {
    const sent = sendStored(request, reply, kept);
    return sent instanceof Promise ? settled(sent) : undefined;
  }
  return settled(load().then((answer) => sendStored(request, reply, answer)));
}

/**
 * A promise of a sent reply settles with nothing: a promise takes on the reply's own `then`, which
 * answers nothing once the answer is written (what a handler that sent its reply returns).
 */
const settled = (sent: Promise<FastifyReply>) => sent as unknown as Promise<void>;
