import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The security headers of every answer: set by the first hook of all (core/http.ts). */
export function securityHeaders(config: Pick<AppConfig, 'wechatMp'>): Record<string, string> {
  return computeSecurityHeaders(helmetOptions(config));
}
