import { z } from 'zod';
import type { WechatMpConfig } from '../config';

/**
 * A small client of the WeChat official-account (公众号) HTTP API: the access token (cached until
 * shortly before it expires, fetched once for concurrent callers) and temporary QR codes.
 * Secrets and tokens travel in query strings, so nothing here ever logs a URL.
 */

/** Errcodes meaning the access token is invalid or expired: fetch a new one and try once more. */
export const TOKEN_ERRCODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);
const DEFAULT_TIMEOUT_MS = 10_000;
/** A cached token is renewed this many seconds before WeChat says it expires (at most half its life). */
const TOKEN_EARLY_SECONDS = 300;

export type WechatFailure = 'errcode' | 'http' | 'network' | 'timeout' | 'response';

/** WeChat answered an error or could not be reached. The message is for the log (no secrets). */
export class WechatApiError extends Error {
  constructor(
    readonly failure: WechatFailure,
    readonly endpoint: string,
    detail: string,
    readonly errcode?: number,
  ) {
    super(`WeChat ${endpoint}: ${detail}`);
    this.name = 'WechatApiError';
  }
}

const errorSchema = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const qrCodeSchema = z.object({
  ticket: z.string().min(1),
  expire_seconds: z.number().optional(),
  url: z.string().optional(),
});

export interface TempQrCode {
  ticket: string;
  expireSeconds: number;
  /** What the QR code encodes. */
  url: string;
}

export interface WechatClientOptions {
  /** Per HTTP call (connection and answer), default 10 s. */
  timeoutMs?: number;
  now?: () => number;
}

export class WechatMpClient {
  private token: { value: string; renewAt: number } | null = null;
  private fetching: Promise<string> | null = null;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly config: WechatMpConfig,
    options: WechatClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  private url(path: string, query: Record<string, string>): string {
    return `${this.config.apiBase.replace(/\/+$/, '')}${path}?${new URLSearchParams(query)}`;
  }

  /** One call: the JSON answer; an errcode other than 0, an HTTP error, a timeout or a network error thrown. */
  private async request(endpoint: string, url: string, init: RequestInit = {}): Promise<unknown> {
    let body: unknown;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new WechatApiError('http', endpoint, `HTTP ${res.status}`);
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        throw new WechatApiError('response', endpoint, `answer is not JSON (HTTP ${res.status})`);
      }
    } catch (error) {
      if (error instanceof WechatApiError) throw error;
      const e = error as Error & { cause?: { code?: string; message?: string } };
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        throw new WechatApiError('timeout', endpoint, `no answer within ${this.timeoutMs} ms`);
      const cause = e.cause?.code ?? e.cause?.message;
      throw new WechatApiError('network', endpoint, cause ? `${e.message} (${cause})` : e.message);
    }
    const failed = errorSchema.safeParse(body);
    if (failed.success && failed.data.errcode !== 0) {
      const { errcode, errmsg } = failed.data;
      throw new WechatApiError('errcode', endpoint, `errcode ${errcode} ${errmsg ?? ''}`.trim(), errcode);
    }
    return body;
  }

  /** The cached access token, or a new one (concurrent callers share one fetch). */
  accessToken(): Promise<string> {
    const cached = this.token;
    if (cached && this.now() < cached.renewAt) return Promise.resolve(cached.value);
    this.fetching ??= this.fetchToken().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  private async fetchToken(): Promise<string> {
    const body = await this.request(
      'token',
      this.url('/cgi-bin/token', {
        grant_type: 'client_credential',
        appid: this.config.appId,
        secret: this.config.appSecret,
      }),
    );
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new WechatApiError('response', 'token', 'no access_token in the answer');
    const life = parsed.data.expires_in;
    const early = Math.min(TOKEN_EARLY_SECONDS, life / 2);
    this.token = { value: parsed.data.access_token, renewAt: this.now() + (life - early) * 1000 };
    return this.token.value;
  }

  /** Runs a call that needs the token; once more with a new token when WeChat calls it invalid or expired. */
  private async withToken<T>(call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.accessToken();
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof WechatApiError) || !TOKEN_ERRCODES.has(error.errcode ?? 0)) throw error;
      // Another caller may have renewed it already.
      if (this.token?.value === token) this.token = null;
      return call(await this.accessToken());
    }
  }

  /** A temporary QR code carrying a string scene (at most 64 characters). */
  createTempQrCode(sceneStr: string, expireSeconds: number): Promise<TempQrCode> {
    return this.withToken(async (token) => {
      const body = await this.request(
        'qrcode/create',
        this.url('/cgi-bin/qrcode/create', { access_token: token }),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            expire_seconds: expireSeconds,
            action_name: 'QR_STR_SCENE',
            action_info: { scene: { scene_str: sceneStr } },
          }),
        },
      );
      const parsed = qrCodeSchema.safeParse(body);
      if (!parsed.success) throw new WechatApiError('response', 'qrcode/create', 'no ticket in the answer');
      return {
        ticket: parsed.data.ticket,
        expireSeconds: parsed.data.expire_seconds ?? expireSeconds,
        url: parsed.data.url ?? '',
      };
    });
  }
}
