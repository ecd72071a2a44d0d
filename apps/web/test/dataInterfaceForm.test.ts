import type { DatasetParam } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  bindingRows,
  consoleQuery,
  formPathOf,
  NEW_DATA_INTERFACE,
  toSaveBody,
} from '../src/views/systemData/dataInterface/data-interface-form';

const names = { 'zh-CN': 'x' };
const params: DatasetParam[] = [
  { code: 'supplier', names, type: 'number', required: true },
  { code: 'state', names, type: 'text', required: false },
];

describe('the data interface form', () => {
  it('gives each dataset parameter a row: its binding, else the query or the default', () => {
    expect(bindingRows(params, [])).toEqual([
      { param: 'supplier', source: 'query', value: 'supplier' },
      { param: 'state', source: 'default', value: '' },
    ]);
    expect(bindingRows(params, [{ param: 'state', source: '@user', value: '' }])[1]).toEqual({
      param: 'state',
      source: '@user',
      value: '',
    });
  });

  it('sends the chosen kind only, without the rows left to the default and the empty header values', () => {
    const dataset = {
      ...NEW_DATA_INTERFACE,
      kind: 'dataset' as const,
      datasetId: '9',
      bindings: bindingRows(params, []),
      names: { 'zh-CN': '接口', 'en-US': ' ' },
    };
    expect(toSaveBody(dataset)).toEqual({
      code: '',
      names: { 'zh-CN': '接口' },
      enabled: true,
      kind: 'dataset',
      roleIds: [],
      rateLimit: 60,
      cacheSeconds: 0,
      datasetId: '9',
      bindings: [{ param: 'supplier', source: 'query', value: 'supplier' }],
    });
    const http = {
      ...NEW_DATA_INTERFACE,
      kind: 'http' as const,
      http: {
        method: 'GET' as const,
        url: 'http://erp/x',
        body: '{"a":1}',
        params: ['sku'],
        headers: [
          { name: 'X-Kept', value: '', kept: true },
          { name: 'X-New', value: 'v', kept: false },
        ],
      },
    };
    expect(toSaveBody(http).http).toEqual({
      method: 'GET',
      url: 'http://erp/x',
      body: '',
      params: ['sku'],
      headers: [{ name: 'X-Kept' }, { name: 'X-New', value: 'v' }],
    });
  });

  it('puts the server’s field paths on the form’s rows', () => {
    const values = {
      ...NEW_DATA_INTERFACE,
      bindings: [
        { param: 'a', source: 'default' as const, value: '' },
        { param: 'b', source: 'query' as const, value: '9x' },
      ],
    };
    const path = formPathOf(values);
    expect(path('bindings.0.value')).toEqual(['bindings', 1, 'value']);
    expect(path('bindings.0.param')).toBeNull();
    expect(path('http.headers.1.value')).toEqual(['http', 'headers', 1, 'value']);
    expect(path('names.zh-CN')).toEqual(['names', 'zh-CN']);
    expect(path('staticJson')).toEqual(['staticJson']);
  });

  it('reads the console rows as the query', () => {
    expect(
      consoleQuery([
        { name: ' sku ', value: 'A' },
        { name: '', value: 'x' },
      ]),
    ).toEqual({ sku: 'A' });
  });
});
