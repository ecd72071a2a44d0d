/**
 * Every call single sign-on makes to an identity provider (discovery, keys, token, user info, a CAS
 * ticket's validation) goes through here: only a host:port on the platform's allow-list
 * (IDENTITY_PROVIDER_HOSTS, compared as text by core/host-allow-list.ts), https unless the platform allows http
 * (tests), redirects not followed, a timeout over the whole exchange, and a capped body. What is
 * refused or fails is a `ProviderError` whose key the caller shows; no secret is in its text.
 */
import type { AppConfig } from '../config';
import { cappedBody } from '../core/capped-body';
import { hostAllowed } from '../core/host-allow-list';

export const PROVIDER_TIMEOUT_MS = 5_000;
const MAX_BYTES = 512 * 1024;

export type ProviderProblem =
  | 'hostNotAllowed'
  | 'insecure'
  | 'timeout'
  | 'unreachable'
  | 'tooLarge'
  | 'redirect';

export class ProviderError extends Error {
  constructor(
    readonly problem: ProviderProblem,
    readonly params: Record<string, string> = {},
  ) {
    super(problem);
    this.name = 'ProviderError';
  }
}

const defaultPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** Refuses an address the platform does not let single sign-on reach. */
export function checkProviderUrl(config: AppConfig, address: string | URL): URL {
  const url = new URL(address);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.identityProviderAllowHttp))
    throw new ProviderError('insecure', { url: url.origin });
  if (!hostAllowed(config.identityProviderHosts, url.hostname, defaultPort(url)))
    throw new ProviderError('hostNotAllowed', { host: `${url.hostname}:${defaultPort(url)}` });
  return url;
}

/** A fetch with the guards above, for openid-client (its `customFetch`) and the CAS client. */
export function providerFetch(config: AppConfig) {
  return async (address: string, init: RequestInit = {}): Promise<Response> => {
    const url = checkProviderUrl(config, address);
    const timeout = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    } catch (error) {
      const name = (error as Error | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ProviderError('timeout', { seconds: String(PROVIDER_TIMEOUT_MS / 1000) });
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
      throw new ProviderError('unreachable', { host: url.host, detail: String(cause?.code ?? 'network') });
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new ProviderError('redirect', { status: String(response.status) });
    }
    // Read here, capped, and handed on as a fresh response with the same status and headers.
    const body = await cappedBody(response, MAX_BYTES);
    if (!body) throw new ProviderError('tooLarge');
    return new Response(response.status === 204 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
