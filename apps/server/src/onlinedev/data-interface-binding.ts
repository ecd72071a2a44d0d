/**
 * The pure parts of calling a data interface (onlinedev/data-interface-service.ts): which value each
 * dataset parameter takes, how an HTTP interface's call is written from the caller's query, and the
 * key its answer is cached under. The placeholders are the caller's session's, never the request's:
 * a query parameter named like a parameter bound to `@user` reaches nothing.
 */
import type { DataInterfaceBinding, DataInterfaceMethod, DataInterfacePlaceholder } from '@srm/contracts';

/** What the placeholders read: the caller as his session has him. */
export interface CallerIds {
  userId: string;
  /** The session's company (the sub-company he switched to). */
  companyId: string | null;
  deptId: string | null;
  /** His first position (null when he holds none, or nobody asked). */
  positionId: string | null;
}

export type Query = Readonly<Record<string, string>>;

const PLACEHOLDER_VALUE: Record<DataInterfacePlaceholder, (caller: CallerIds) => string | null> = {
  '@user': (c) => c.userId,
  '@organize': (c) => c.companyId,
  '@department': (c) => c.deptId,
  '@position': (c) => c.positionId,
};

/** Whether a binding reads the caller's position (one query more, made only then). */
export const readsPosition = (bindings: readonly DataInterfaceBinding[]) =>
  bindings.some((b) => b.source === '@position');

/**
 * Each bound dataset parameter's value for one call. A parameter bound to the query and not given
 * is left out, so the dataset's default applies (and its "required" speaks when it has none).
 */
export function datasetValues(
  bindings: readonly DataInterfaceBinding[],
  query: Query,
  caller: CallerIds,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const binding of bindings) {
    if (binding.source === 'query') {
      const given = Object.hasOwn(query, binding.value) ? query[binding.value] : undefined;
      if (given !== undefined) out[binding.param] = given;
    } else if (binding.source === 'fixed') out[binding.param] = binding.value;
    else out[binding.param] = PLACEHOLDER_VALUE[binding.source](caller);
  }
  return out;
}

/** The query parameters an HTTP interface passes on: those it declares that the caller gave. */
export function passedParams(declared: readonly string[], query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of declared) {
    const value = Object.hasOwn(query, name) ? query[name] : undefined;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export interface HttpRequestPlan {
  method: DataInterfaceMethod;
  url: string;
  body: string | undefined;
}

/** `{{name}}` inside the body template's strings, filled with the passed value ('' when not given). */
function filled(value: unknown, params: Record<string, string>): unknown {
  if (typeof value === 'string')
    return value.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => params[name] ?? '');
  if (Array.isArray(value)) return value.map((item) => filled(item, params));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filled(v, params)]));
  return value;
}

/**
 * The call an HTTP interface makes: a GET with the passed parameters set on the URL's query, a POST
 * with its body template filled. The template is parsed and written again, so a value can only ever
 * be a JSON string where the template put `{{name}}`, never JSON of the caller's.
 */
export function httpRequestPlan(
  http: { method: DataInterfaceMethod; url: string; body: string },
  params: Record<string, string>,
): HttpRequestPlan {
  if (http.method === 'POST') {
    const body = http.body.trim() ? JSON.stringify(filled(JSON.parse(http.body), params)) : undefined;
    return { method: 'POST', url: http.url, body };
  }
  const url = new URL(http.url);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { method: 'GET', url: url.toString(), body: undefined };
}

/** The host and port a URL reaches, as the allow-list names them (the scheme's port when none is written). */
export function urlHostPort(text: string): { host: string; port: number } {
  const url = new URL(text);
  return { host: url.hostname, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

/** The values a call was answered for, as one text (a cache key's tail): the same values, the same text. */
export function valuesKey(values: Readonly<Record<string, string | null>>): string {
  return JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
