import {
  DATA_INTERFACE_CACHE_SECONDS,
  DATA_INTERFACE_RATE_LIMIT,
  type DataInterface,
  type DataInterfaceKind,
  type DataInterfaceMethod,
  type DataInterfaceOptions,
  type DataInterfaceSave,
  type DataInterfaceSource,
  type DataModelNames,
  type DatasetParam,
} from '@srm/contracts/core';
import type { FormPath } from '../../../components/editorForm';

/** A parameter's value from a source, or left to the dataset's default (no binding is sent). */
export type BindingChoice = DataInterfaceSource | 'default';

/** One row per dataset parameter. */
export interface BindingRow {
  param: string;
  source: BindingChoice;
  value: string;
}

/** A header as typed; `kept`: the server keeps a value for its name (an empty value keeps it). */
export interface HeaderRow {
  name: string;
  value: string;
  kept: boolean;
}

export interface DataInterfaceFormValues {
  code: string;
  names: DataModelNames;
  enabled: boolean;
  kind: DataInterfaceKind;
  roleIds: string[];
  rateLimit: number | null;
  cacheSeconds: number | null;
  staticJson: string;
  datasetId: string | undefined;
  bindings: BindingRow[];
  http: { method: DataInterfaceMethod; url: string; headers: HeaderRow[]; body: string; params: string[] };
}

export const NEW_DATA_INTERFACE: DataInterfaceFormValues = {
  code: '',
  names: { 'zh-CN': '' },
  enabled: true,
  kind: 'static',
  roleIds: [],
  rateLimit: DATA_INTERFACE_RATE_LIMIT.default,
  cacheSeconds: DATA_INTERFACE_CACHE_SECONDS.default,
  staticJson: '{\n  \n}',
  datasetId: undefined,
  bindings: [],
  http: { method: 'GET', url: '', headers: [], body: '', params: [] },
};

/**
 * A row for each of the dataset's parameters: its kept binding, else a query parameter of its own
 * code when it must have a value, else the dataset's default.
 */
export function bindingRows(
  params: readonly DatasetParam[],
  kept: readonly { param: string; source: DataInterfaceSource; value: string }[],
): BindingRow[] {
  return params.map((p) => {
    const binding = kept.find((b) => b.param === p.code);
    if (binding) return { ...binding };
    const mustHave = p.required && !p.defaultValue;
    return { param: p.code, source: mustHave ? 'query' : 'default', value: mustHave ? p.code : '' };
  });
}

export function toFormValues(def: DataInterface, options: DataInterfaceOptions): DataInterfaceFormValues {
  const params = options.datasets.find((d) => d.id === def.datasetId)?.params ?? [];
  return {
    code: def.code,
    names: def.names,
    enabled: def.enabled,
    kind: def.kind,
    roleIds: def.roleIds,
    rateLimit: def.rateLimit,
    cacheSeconds: def.cacheSeconds,
    staticJson: def.staticJson || NEW_DATA_INTERFACE.staticJson,
    datasetId: def.datasetId ?? undefined,
    bindings: bindingRows(params, def.bindings),
    http: def.http
      ? {
          ...def.http,
          // Never sent back by the server: an empty value keeps the kept one.
          headers: def.http.headers.map((h) => ({ name: h.name, value: '', kept: h.hasSecret })),
        }
      : NEW_DATA_INTERFACE.http,
  };
}

/** The names without empty optional ones. */
function cleanNames(names: DataModelNames): DataModelNames {
  return {
    'zh-CN': names['zh-CN'],
    ...(names['en-US']?.trim() ? { 'en-US': names['en-US'] } : {}),
    ...(names['zh-TW']?.trim() ? { 'zh-TW': names['zh-TW'] } : {}),
  };
}

/** The POST/PUT body: the chosen kind's part only; a header's empty value is left out (kept). */
export function toSaveBody(values: DataInterfaceFormValues): DataInterfaceSave {
  const common = {
    code: values.code,
    names: cleanNames(values.names),
    enabled: values.enabled,
    kind: values.kind,
    roleIds: values.roleIds,
    // A cleared number is stopped by the form's own rule before anything is sent.
    rateLimit: values.rateLimit ?? DATA_INTERFACE_RATE_LIMIT.default,
    cacheSeconds: values.cacheSeconds ?? DATA_INTERFACE_CACHE_SECONDS.default,
  };
  if (values.kind === 'static') return { ...common, staticJson: values.staticJson };
  if (values.kind === 'dataset')
    return {
      ...common,
      ...(values.datasetId ? { datasetId: values.datasetId } : {}),
      bindings: values.bindings.flatMap((b) =>
        b.source === 'default' ? [] : [{ param: b.param, source: b.source, value: b.value ?? '' }],
      ),
    };
  const { method, url, headers, body, params } = values.http;
  return {
    ...common,
    http: {
      method,
      url,
      params,
      body: method === 'POST' ? body : '',
      headers: headers.map((h) => ({ name: h.name, ...(h.value ? { value: h.value } : {}) })),
    },
  };
}

/**
 * Where the server's 400 field paths sit on the form. Its binding indexes count the bindings sent
 * (those left to the default are not), so they are turned back into the form's rows.
 */
export function formPathOf(values: DataInterfaceFormValues): (path: string) => FormPath | null {
  const sentRows = values.bindings.flatMap((b, row) => (b.source === 'default' ? [] : [row]));
  return (path) => {
    const parts = path.split('.');
    const [head, second, third] = parts;
    if (['code', 'enabled', 'kind', 'rateLimit', 'cacheSeconds', 'staticJson', 'datasetId'].includes(path))
      return [path];
    if (head === 'names' && second) return ['names', second];
    if (head === 'bindings' && second !== undefined && (third === 'source' || third === 'value')) {
      const row = sentRows[Number(second)];
      return row === undefined ? null : ['bindings', row, third];
    }
    if (head === 'http' && (second === 'url' || second === 'body' || second === 'method'))
      return ['http', second];
    if (head === 'http' && second === 'params') return ['http', 'params'];
    if (head === 'http' && second === 'headers' && third !== undefined && parts[3])
      return ['http', 'headers', Number(third), parts[3]];
    return null;
  };
}

/** The query parameter rows the console starts with: those the interface reads. */
export function consoleRows(names: readonly string[]): { name: string; value: string }[] {
  return names.length ? names.map((name) => ({ name, value: '' })) : [{ name: '', value: '' }];
}

/** The console's rows as the query: named rows only, the last of a name winning. */
export function consoleQuery(rows: readonly { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of rows) if (row.name.trim()) out[row.name.trim()] = row.value;
  return out;
}
