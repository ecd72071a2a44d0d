import { describe, expect, it } from 'vitest';
import {
  type DatasetParam,
  dataInterfaceQueryParams,
  dataInterfaceSaveSchema,
  isInterfaceUrl,
} from '../src/index';

const names = { 'zh-CN': 'x' };
const params: DatasetParam[] = [
  { code: 'supplier', names, type: 'number', required: true },
  { code: 'state', names, type: 'text', required: true, defaultValue: 'active' },
  { code: 'owner', names, type: 'number', required: true },
];

/** path → message key of each issue. */
function issues(value: unknown): Record<string, string> {
  const result = dataInterfaceSaveSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the query parameters an interface reads', () => {
  it('lists a dataset’s query bindings with their type, required when the parameter has no default', () => {
    const def = {
      kind: 'dataset' as const,
      http: null,
      bindings: [
        { param: 'supplier', source: 'query' as const, value: 'sup' },
        { param: 'state', source: 'query' as const, value: 'state' },
        { param: 'owner', source: '@user' as const, value: '' },
      ],
    };
    expect(dataInterfaceQueryParams(def, params)).toEqual([
      { name: 'sup', required: true, type: 'number' },
      { name: 'state', required: false, type: 'string' },
    ]);
  });

  it('lists what an HTTP call passes on, and nothing for a static value', () => {
    const http = { method: 'GET' as const, url: 'http://x/', headers: [], body: '', params: ['sku'] };
    expect(dataInterfaceQueryParams({ kind: 'http', bindings: [], http })).toEqual([
      { name: 'sku', required: false, type: 'string' },
    ]);
    expect(dataInterfaceQueryParams({ kind: 'static', bindings: [], http: null })).toEqual([]);
  });
});

describe('saving an interface', () => {
  const base = { code: 'prices', names, kind: 'static', staticJson: '{"a":1}' };

  it('takes a static value with the defaults', () => {
    expect(dataInterfaceSaveSchema.parse(base)).toMatchObject({
      enabled: true,
      rateLimit: 60,
      cacheSeconds: 0,
    });
  });

  it('asks each kind for what it needs', () => {
    expect(issues({ ...base, staticJson: '{' })).toEqual({ staticJson: 'validation.dataInterfaceJson' });
    expect(issues({ ...base, kind: 'dataset' })).toEqual({ datasetId: 'validation.required' });
    expect(issues({ ...base, kind: 'http' })).toEqual({ http: 'validation.required' });
    expect(
      issues({
        ...base,
        kind: 'http',
        http: {
          method: 'GET',
          url: 'http://erp/x',
          headers: [{ name: 'X-A' }, { name: 'x-a' }],
          params: ['a', 'a'],
        },
      }),
    ).toEqual({
      'http.headers.1.name': 'validation.dmDuplicateCode',
      'http.params.1': 'validation.dmDuplicateCode',
    });
  });

  it('takes an http(s) address with a host only', () => {
    expect(isInterfaceUrl('https://erp.internal:8443/api?x=1')).toBe(true);
    for (const url of ['ftp://erp/x', 'http://user:pw@erp/x', 'erp/x', 'file:///etc/passwd', 'javascript:1'])
      expect(isInterfaceUrl(url)).toBe(false);
  });
});
