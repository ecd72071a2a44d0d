import {
  API,
  type Envelope,
  LONG_TIMEOUT_MS,
  LONG_TIMEOUT_URL_PARTS,
  SESSION_RESET_CODES,
} from '@srm/contracts/core';
import { i18n } from '../i18n';
import { toast } from '../utils/message';
import { StorageKey, storage } from '../utils/storage';

/** A failed call: a non-zero body code, an HTTP error (code = status) or a network failure (code -1). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  /** Field → message, for body code 400. */
  readonly fields?: Record<string, string>;
  /** HTTP status when the failure was not an envelope on HTTP 200. */
  readonly status?: number;
  /** The envelope's `data` of a refusal (e.g. the nodes a flow release names). */
  readonly data?: unknown;
  constructor(code: number, msg: string, fields?: Record<string, string>, status?: number, data?: unknown) {
    super(msg);
    this.data = data;
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.fields = fields;
    this.status = status;
  }
}

export interface RequestOptions {
  /** No toast for this call (session reset still happens). */
  silent?: boolean;
  /** Milliseconds; default from `timeoutFor(url)`. */
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Default request timeout (from configuration: docs/rules.md#request-layer). */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Delay before the session reset after HTTP 500 with body code 401 (docs/rules.md#errors). */
export const RESET_DELAY_MS = 1500;

/**
 * What the request layer needs from the rest of the app, which it does not import (the stores sit
 * above it): the settings store sets `getLanguage` to the chosen language, the user store
 * `onSessionReset` to its full reset; tests replace the lot.
 */
export const httpHooks = {
  getToken: (): string => storage.get<string>(StorageKey.token) ?? '',
  getLanguage: (): string => i18n.language,
  onSessionReset: (): void => {
    storage.remove(StorageKey.token);
    storage.remove(StorageKey.lock);
  },
  reload: (): void => window.location.reload(),
  isOnLoginPage: (): boolean => window.location.pathname === '/login',
};

/** 100000000 ms for the URLs of docs/rules.md#request-layer, else the default. */
export function timeoutFor(url: string): number {
  // Case-insensitive: the spec writes Permission/Authority/Data, the API path is /api/permission/….
  const lower = url.toLowerCase();
  return LONG_TIMEOUT_URL_PARTS.some((part) => lower.includes(part.toLowerCase()))
    ? LONG_TIMEOUT_MS
    : DEFAULT_TIMEOUT_MS;
}

/** Appends query parameters (null/undefined skipped) and the timestamp `n` to a URL. */
export function buildUrl(url: string, params?: QueryParams, now: number = Date.now()): string {
  const search = new URLSearchParams();
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      search.append(key, String(value));
    }
  }
  search.set('n', String(now));
  return `${url}${url.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** Login and lock-screen calls never trigger the session reset (docs/rules.md#errors). */
export function isSessionCall(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return [API.login, API.loginOauth, API.lockScreen, API.lockScreenOauth].includes(
    path as (typeof API)['login'],
  );
}

function defaultErrorText(): string {
  return i18n.t('common:requestError');
}

function resetAndReload(): void {
  httpHooks.onSessionReset();
  httpHooks.reload();
}

interface CallContext {
  url: string;
  silent: boolean;
}

function failWithBody(body: Partial<Envelope<unknown>>, ctx: CallContext, status?: number): never {
  const code = typeof body.code === 'number' ? body.code : -1;
  const msg = body.msg || defaultErrorText();
  if (!ctx.silent) toast.error(msg, 3);
  if (SESSION_RESET_CODES.includes(code) && !isSessionCall(ctx.url) && !httpHooks.isOnLoginPage()) {
    resetAndReload();
  }
  const data = body.data as { fields?: Record<string, string> } | null | undefined;
  const fields = code === 400 && data && typeof data === 'object' ? data.fields : undefined;
  throw new ApiError(code, msg, fields, status, body.data);
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

interface RawCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: QueryParams;
  body?: unknown;
  blob?: boolean;
  options?: RequestOptions;
}

async function call<T>({ method, url, params, body, blob = false, options = {} }: RawCall): Promise<T> {
  const ctx: CallContext = { url, silent: options.silent ?? false };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? timeoutFor(url));
  const onExternalAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onExternalAbort, { once: true });

  const token = httpHooks.getToken();
  const headers: Record<string, string> = {
    Accept: blob ? '*/*' : 'application/json',
    'Accept-Language': httpHooks.getLanguage(),
    ...options.headers,
  };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.token = token;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(url, params), { method, headers, body: payload, signal: controller.signal });
    } catch {
      if (options.signal?.aborted && !timedOut) throw new ApiError(-1, 'aborted');
      if (!ctx.silent) toast.error(defaultErrorText(), 3);
      throw new ApiError(-1, defaultErrorText(), undefined, 0);
    }

    if (!res.ok) {
      const json = await readJson(res);
      // 503: the server lost its database connection; its message says to try again shortly.
      if (res.status === 500 || (res.status === 503 && isEnvelope(json))) {
        const msg = (isEnvelope(json) && json.msg) || defaultErrorText();
        if (!ctx.silent) toast.error(msg, 3);
        if (isEnvelope(json) && json.code === 401 && !httpHooks.isOnLoginPage()) {
          setTimeout(resetAndReload, RESET_DELAY_MS);
        }
        throw new ApiError(isEnvelope(json) ? json.code : 500, msg, undefined, res.status);
      }
      if (!ctx.silent) toast.error(defaultErrorText(), 3);
      throw new ApiError(res.status, defaultErrorText(), undefined, res.status);
    }

    if (blob) {
      // Blob responses skip the envelope check, except an error envelope sent instead of the file.
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json')) {
        const json = await readJson(res);
        if (isEnvelope(json) && json.code !== 0) failWithBody(json, ctx, res.status);
        return new Blob([JSON.stringify(json)], { type }) as T;
      }
      return (await res.blob()) as T;
    }

    const json = await readJson(res);
    if (!isEnvelope(json)) {
      if (!ctx.silent) toast.error(defaultErrorText(), 3);
      throw new ApiError(-1, defaultErrorText(), undefined, res.status);
    }
    if (json.code !== 0) failWithBody(json, ctx, res.status);
    return json.data as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onExternalAbort);
  }
}

/** The one request layer (docs/rules.md#request-layer): every call resolves to the envelope's `data` or throws ApiError. */
export const http = {
  get<T>(url: string, params?: QueryParams, options?: RequestOptions): Promise<T> {
    return call<T>({ method: 'GET', url, params, options });
  },
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
    return call<T>({ method: 'POST', url, body: data, options });
  },
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
    return call<T>({ method: 'PUT', url, body: data, options });
  },
  delete<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
    return call<T>({ method: 'DELETE', url, body: data, options });
  },
  /** Multipart upload of one file. */
  upload<T>(url: string, file: Blob, field = 'file', options?: RequestOptions): Promise<T> {
    const form = new FormData();
    form.append(field, file, file instanceof File ? file.name : 'blob');
    return call<T>({ method: 'POST', url, body: form, options });
  },
  /** GET a file (export, download): resolves to the Blob. */
  blob(url: string, params?: QueryParams, options?: RequestOptions): Promise<Blob> {
    return call<Blob>({ method: 'GET', url, params, blob: true, options });
  },
};

/**
 * A public GET that the server announced with the page (`Link: rel=preload; as=fetch`): the
 * browser answers it from that preload only if the request is the same — no timestamp, no header of
 * our own, the default mode and credentials — so it is sent bare. Resolves to the envelope's data.
 */
export async function getPreloaded<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new ApiError(body.code, body.msg);
  return body.data;
}

/** An .xlsx the server sent inside a JSON answer (base64), as a Blob to save. */
export function xlsxFromBase64(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Saves a Blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Minimum gap between two client-error reports. */
export const CLIENT_ERROR_THROTTLE_MS = 5000;

/**
 * Production only (docs/rules.md#errors): uncaught errors and unhandled rejections are recorded on the server
 * with the page address, throttled, and never reported about themselves.
 */
export function installClientErrorReporter(target: Window = window): () => void {
  let last = 0;
  let lastMessage = '';
  const report = (message: string, stack: string | undefined) => {
    const now = Date.now();
    if (now - last < CLIENT_ERROR_THROTTLE_MS) return;
    if (message === lastMessage && now - last < CLIENT_ERROR_THROTTLE_MS * 12) return;
    last = now;
    lastMessage = message;
    http
      .post(
        API.clientError,
        { message: message.slice(0, 2000), stack: (stack ?? '').slice(0, 8000), url: target.location.href },
        { silent: true },
      )
      .catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => {
    report(
      event.message || String(event.error),
      event.error instanceof Error ? event.error.stack : undefined,
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as unknown;
    if (reason instanceof ApiError && reason.msg === 'aborted') return;
    report(reason instanceof Error ? reason.message : String(reason), (reason as Error | undefined)?.stack);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
