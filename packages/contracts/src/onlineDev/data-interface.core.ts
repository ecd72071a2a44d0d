// The zod-free part of data interfaces (系统数据 › 数据接口, decisions §11): a tenant's answer at a
// stable path — a static JSON value, a dataset run as the caller (under his tenant and data rules),
// or a call to an HTTP service on the platform's allow-list (DATA_INTERFACE_HOSTS) — that the roles
// it names may call, rate limited per caller and optionally cached (docs/data-interfaces.md). The
// schemas are in data-interface.ts.
import type { DataModelNames } from './data-model.core';
import type { DatasetParam } from './dataset.core';

export const DataInterfacePerm = {
  dataInterface: 'systemData.dataInterface',
  dataInterfaceAdd: 'systemData.dataInterface.add',
  dataInterfaceEdit: 'systemData.dataInterface.edit',
  dataInterfaceDelete: 'systemData.dataInterface.delete',
} as const;
export type DataInterfacePermCode = (typeof DataInterfacePerm)[keyof typeof DataInterfacePerm];

export const DataInterfaceApi = {
  /**
   * Managing: GET list; POST create; GET/PUT/DELETE `${dataInterface}/{id}`; GET
   * `${dataInterface}/Options` (the datasets and roles the editor picks from); POST
   * `${dataInterface}/{id}/Actions/Test` (the test console); GET `${dataInterface}/OpenApi` (an
   * OpenAPI 3.1 document of the enabled interfaces). Calling: GET
   * `${dataInterface}/{id}/Actions/Response?…` (`dataInterfaceResponsePath`).
   */
  dataInterface: '/api/systemData/DataInterface',
} as const;

/** The stable path a client calls, its query parameters being the interface's. */
export const dataInterfaceResponsePath = (id: string) =>
  `${DataInterfaceApi.dataInterface}/${id}/Actions/Response`;

export const DATA_INTERFACE_KINDS = ['static', 'dataset', 'http'] as const;
export type DataInterfaceKind = (typeof DATA_INTERFACE_KINDS)[number];

/**
 * Where a dataset parameter's value comes from: a query parameter of the request (`value` its name),
 * a fixed value (`value`), or the caller's session — never the request — for the placeholders.
 */
export const DATA_INTERFACE_SOURCES = [
  'query',
  'fixed',
  '@user',
  '@organize',
  '@department',
  '@position',
] as const;
export type DataInterfaceSource = (typeof DATA_INTERFACE_SOURCES)[number];
export const DATA_INTERFACE_PLACEHOLDERS = ['@user', '@organize', '@department', '@position'] as const;
export type DataInterfacePlaceholder = (typeof DATA_INTERFACE_PLACEHOLDERS)[number];

export const DATA_INTERFACE_METHODS = ['GET', 'POST'] as const;
export type DataInterfaceMethod = (typeof DATA_INTERFACE_METHODS)[number];

export const DATA_INTERFACES_PER_TENANT = 200;
/** A static value's JSON text, in UTF-8 bytes. */
export const DATA_INTERFACE_STATIC_MAX_BYTES = 256 * 1024;
/** How long an HTTP interface's service may take to answer, in ms. */
export const DATA_INTERFACE_HTTP_TIMEOUT_MS = 5_000;
/** The most an HTTP interface's service may answer, in bytes. */
export const DATA_INTERFACE_HTTP_MAX_BYTES = 1024 * 1024;
export const DATA_INTERFACE_RATE_LIMIT = { min: 1, max: 600, default: 60 } as const;
export const DATA_INTERFACE_CACHE_SECONDS = { min: 0, max: 3_600, default: 0 } as const;
export const DATA_INTERFACE_HEADERS_MAX = 20;
export const DATA_INTERFACE_PARAMS_MAX = 20;
/** A query parameter's name: what a client writes after `?`. */
export const DATA_INTERFACE_QUERY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,29}$/;
/** Request headers an interface may not set: the connection's own, which fetch decides. */
export const DATA_INTERFACE_FORBIDDEN_HEADERS = [
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-authorization',
  'proxy-connection',
] as const;

export interface DataInterfaceBinding {
  /** The dataset parameter's code. */
  param: string;
  source: DataInterfaceSource;
  /** The query parameter's name (`query`), the value (`fixed`); empty for a placeholder. */
  value: string;
}

/** An HTTP interface as answered: a header's value never leaves the server, only that one is kept. */
export interface DataInterfaceHttp {
  method: DataInterfaceMethod;
  url: string;
  headers: { name: string; hasSecret: boolean }[];
  /** A JSON body for POST; a string `{{name}}` in it takes the query parameter `name`. */
  body: string;
  /** The query parameters passed on: onto the URL (GET), into the body's `{{name}}` (POST). */
  params: string[];
}

export interface DataInterfaceSummary {
  id: string;
  code: string;
  names: DataModelNames;
  kind: DataInterfaceKind;
  enabled: boolean;
  updatedAt: number | null;
  updatedByName: string;
}

export interface DataInterface extends DataInterfaceSummary {
  roleIds: string[];
  rateLimit: number;
  cacheSeconds: number;
  /** kind `static`: the JSON text answered as it is. */
  staticJson: string;
  /** kind `dataset`. */
  datasetId: string | null;
  bindings: DataInterfaceBinding[];
  /** kind `http`. */
  http: DataInterfaceHttp | null;
}

/** What the editor picks from: the tenant's datasets with their parameters, and its roles. */
export interface DataInterfaceOptions {
  datasets: { id: string; code: string; names: DataModelNames; params: DatasetParam[] }[];
  roles: { id: string; name: string; code: string }[];
}

/** The test console's answer. */
export interface DataInterfaceTestResult {
  /** The HTTP status the answer came with (an HTTP interface's service's; 200 otherwise). */
  status: number;
  ms: number;
  body: unknown;
  /** A dataset's rows were cut at the row cap. */
  truncated: boolean;
}

/** A query parameter a client gives, as the interface's OpenAPI entry and the test console list it. */
export interface DataInterfaceQueryParam {
  name: string;
  required: boolean;
  type: 'string' | 'number' | 'boolean';
}

/** Whether `text` is JSON (an empty text is not). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An `http(s)://host[:port]/path` address without a user name or password; what it may reach is
 * the platform's allow-list, checked by the server.
 */
export function isInterfaceUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !!url.hostname &&
    !url.username &&
    !url.password
  );
}

type ParamsOf = Pick<DataInterface, 'kind' | 'bindings' | 'http'>;

/**
 * The query parameters the interface reads: the names its dataset bindings take from the query
 * (required when the parameter is and has no default), or those its HTTP call passes on.
 */
export function dataInterfaceQueryParams(
  def: ParamsOf,
  datasetParams: readonly DatasetParam[] = [],
): DataInterfaceQueryParam[] {
  if (def.kind === 'http')
    return (def.http?.params ?? []).map((name) => ({ name, required: false, type: 'string' }));
  if (def.kind !== 'dataset') return [];
  const out = new Map<string, DataInterfaceQueryParam>();
  for (const binding of def.bindings) {
    if (binding.source !== 'query') continue;
    const param = datasetParams.find((p) => p.code === binding.param);
    const required = !!param?.required && !param.defaultValue;
    const type = param?.type === 'number' ? 'number' : param?.type === 'boolean' ? 'boolean' : 'string';
    const seen = out.get(binding.value);
    out.set(binding.value, {
      name: binding.value,
      required: required || !!seen?.required,
      type: seen?.type ?? type,
    });
  }
  return [...out.values()];
}
