/**
 * An HTTP data interface's call to its service, with the product's guards and none of the user's
 * settings: Node's fetch, a timeout over the whole exchange (connecting, headers, body), redirects
 * not followed (a 3xx is an answer, refused), at most `maxBytes` of body, and only JSON accepted.
 * Whether the host may be called at all is the caller's check (the platform's allow-list).
 */
import { isJsonText } from '@srm/contracts';
import { cappedBody } from '../core/capped-body';
import type { HttpRequestPlan } from './data-interface-binding';

export type UpstreamProblem =
  | 'timeout'
  | 'unreachable'
  | 'redirect'
  | 'upstreamStatus'
  | 'tooLarge'
  | 'notJson';

/** Why a call gave no usable answer: a message key of `dataInterface.` and its values. */
export class UpstreamError extends Error {
  constructor(
    readonly problem: UpstreamProblem,
    readonly params: Record<string, string> = {},
  ) {
    super(problem);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamAnswer {
  status: number;
  /** The body as the service wrote it: JSON text. */
  json: string;
}

interface Limits {
  timeoutMs: number;
  maxBytes: number;
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The network's reason in a few words (fetch wraps it as `cause`). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  return String(cause?.code ?? cause?.message ?? (error as Error)?.message ?? error);
}

/** The body, refused past `maxBytes`. */
async function limitedBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const body = await cappedBody(response, maxBytes);
  if (!body) throw new UpstreamError('tooLarge', { max: `${Math.round(maxBytes / 1024)} KB` });
  return body;
}

/** Refuses what is no answer to use: a redirect, an error status. */
async function checkedStatus(response: Response): Promise<void> {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel();
    throw new UpstreamError('redirect', {
      status: String(response.status),
      location: response.headers.get('location') ?? '',
    });
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel();
    throw new UpstreamError('upstreamStatus', { status: String(response.status) });
  }
}

/** Makes the call; an UpstreamError says why when there is no JSON answer to give. */
export async function callUpstream(
  plan: HttpRequestPlan,
  headers: Record<string, string>,
  limits: Limits,
): Promise<UpstreamAnswer> {
  try {
    const response = await fetch(plan.url, {
      method: plan.method,
      headers: {
        accept: 'application/json',
        ...(plan.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(plan.body === undefined ? {} : { body: plan.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    await checkedStatus(response);
    const text = new TextDecoder('utf-8').decode(await limitedBody(response, limits.maxBytes)).trim();
    if (!isJsonText(text))
      throw new UpstreamError('notJson', { contentType: response.headers.get('content-type') || '—' });
    return { status: response.status, json: text };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (isAbort(error)) throw new UpstreamError('timeout', { seconds: String(limits.timeoutMs / 1000) });
    throw new UpstreamError('unreachable', { detail: reasonOf(error) });
  }
}
