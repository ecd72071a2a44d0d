import { type IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import { WX_QR_IMAGE_ORIGIN } from '@srm/contracts';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/** The product's policy: only its own origin, plus WeChat's QR images when the official account is on. */
export function helmetOptions(config: Pick<AppConfig, 'wechatMp'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // antd (CSS-in-JS) writes inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The bind dialog shows WeChat's QR image when the official account is configured.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.wechatMp ? [WX_QR_IMAGE_ORIGIN] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, found by running its middleware once against a
 * response that only records them: the policy holds no per-request part (no nonce), so every
 * answer gets the same values.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    done = true;
    failure = error;
  });
  if (failure) throw failure;
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return headers;
}

/** The security headers of every answer (names in lower case): see `headerBlockResponse`. */
export function securityHeaders(config: Pick<AppConfig, 'wechatMp'>): Record<string, string> {
  return computeSecurityHeaders(helmetOptions(config));
}

/** Where genReqId (core/http.ts) leaves a request's id on Node's request, for its answer's block. */
export const REQUEST_ID = Symbol('srm.requestId');
const WRITES_HEADER_BLOCK = Symbol('srm.headerBlock');

/** Whether a response is of the class below: it writes the security set and the request id itself. */
export function writesHeaderBlock(response: object): boolean {
  return WRITES_HEADER_BLOCK in response;
}

/**
 * Node's response class for the product's server: every answer's header block starts with
 * `headers`, as lines made and validated once at start, right after the status line, then the
 * request's `x-request-id` (an id genReqId made or checked: word characters, dots and dashes). Set on each
 * reply instead, the twelve security headers were validated, matched and joined one by one by
 * Node for every answer, about a tenth of a simple request's CPU (docs/PERFORMANCE.md).
 *
 * `_storeHeader(statusLine, headers)` is the method of Node's outgoing message that every response
 * header block goes through (writeHead, implicit headers, Fastify's error and 404 answers; not the
 * answers Node writes straight to the socket for a malformed request, 408 or 431, which carry no
 * header at all); it is not public API, so the class is made only where it is found (else null:
 * the first hook sets the headers, as it does for responses of another class, e.g. Fastify's
 * `inject`). A route neither sets nor reads one of these headers on its reply: set, it would be
 * sent twice; read, it is not there (test/api/security-headers.test.ts reads the raw answers).
 */
export function headerBlockResponse(headers: Readonly<Record<string, string>>): typeof ServerResponse | null {
  const found: unknown = Reflect.get(ServerResponse.prototype, '_storeHeader');
  if (typeof found !== 'function' || found.length !== 2) return null;
  const storeHeader = found as (this: ServerResponse, statusLine: string, headers: unknown) => unknown;
  let block = '';
  for (const [name, value] of Object.entries(headers)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    block += `${name}: ${value}\r\n`;
  }
  class HeaderBlockResponse extends ServerResponse {
    _storeHeader(statusLine: string, headers: unknown): unknown {
      const id: unknown = (this.req as { [REQUEST_ID]?: unknown } | undefined)?.[REQUEST_ID];
      const idLine = typeof id === 'string' ? `x-request-id: ${id}\r\n` : '';
      return storeHeader.call(this, statusLine + block + idLine, headers);
    }
  }
  // On the prototype: nothing more to set on each response.
  Object.defineProperty(HeaderBlockResponse.prototype, WRITES_HEADER_BLOCK, { value: true });
  // Node's class is generic in its request type; this one serves the server's own requests.
  return HeaderBlockResponse as unknown as typeof ServerResponse;
}
