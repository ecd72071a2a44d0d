import { describe, expect, it } from 'vitest';
import { hostAllowed } from '../../src/core/host-allow-list';
import {
  type CallerIds,
  datasetValues,
  httpRequestPlan,
  passedParams,
  urlHostPort,
  valuesKey,
} from '../../src/onlinedev/data-interface-binding';
import { MinuteWindows } from '../../src/onlinedev/data-interface-rate';

/** The pure parts of data interfaces: parameter binding, the HTTP call's plan, the allow-list, the rate. */

const caller: CallerIds = { userId: '7', companyId: '3', deptId: '5', positionId: null };

describe('dataset parameter binding', () => {
  it('takes each value from its source: the query, a fixed value, or the session', () => {
    expect(
      datasetValues(
        [
          { param: 'supplier', source: 'query', value: 'sup' },
          { param: 'state', source: 'fixed', value: 'active' },
          { param: 'owner', source: '@user', value: '' },
          { param: 'company', source: '@organize', value: '' },
          { param: 'dept', source: '@department', value: '' },
          { param: 'post', source: '@position', value: '' },
        ],
        { sup: '12' },
        caller,
      ),
    ).toEqual({ supplier: '12', state: 'active', owner: '7', company: '3', dept: '5', post: null });
  });

  it('never lets the query reach a placeholder or a fixed value, and leaves an ungiven query value out', () => {
    const bindings = [
      { param: 'owner', source: '@user', value: '' },
      { param: 'state', source: 'fixed', value: 'active' },
      { param: 'supplier', source: 'query', value: 'sup' },
    ] as const;
    const values = datasetValues(bindings, { owner: '1', state: 'any', '@user': '1', param: 'x' }, caller);
    expect(values).toEqual({ owner: '7', state: 'active' });
    // Inherited names are no query parameters.
    expect(datasetValues(bindings, Object.create({ sup: '9' }), caller)).toEqual({
      owner: '7',
      state: 'active',
    });
  });

  it('keys the same values the same way, whatever their order', () => {
    expect(valuesKey({ a: '1', b: null })).toBe(valuesKey({ b: null, a: '1' }));
    expect(valuesKey({ a: '1' })).not.toBe(valuesKey({ a: '2' }));
  });
});

describe('the HTTP call', () => {
  it('passes only the declared parameters the caller gave, onto a GET’s query', () => {
    const params = passedParams(['sku', 'page'], { sku: 'A 1', other: 'x' });
    expect(params).toEqual({ sku: 'A 1' });
    expect(
      httpRequestPlan({ method: 'GET', url: 'http://erp:8080/p?fixed=1&sku=old', body: '' }, params),
    ).toEqual({
      method: 'GET',
      url: 'http://erp:8080/p?fixed=1&sku=A+1',
      body: undefined,
    });
  });

  it('fills a POST body’s strings and writes it again: a value stays a string', () => {
    const plan = httpRequestPlan(
      {
        method: 'POST',
        url: 'http://erp/q',
        body: '{"sku":"{{sku}}","list":["{{ sku }}",1],"none":"{{gone}}"}',
      },
      { sku: '"}, "x": 1' },
    );
    expect(JSON.parse(plan.body ?? '')).toEqual({ sku: '"}, "x": 1', list: ['"}, "x": 1', 1], none: '' });
    expect(httpRequestPlan({ method: 'POST', url: 'http://erp/q', body: '  ' }, {}).body).toBeUndefined();
  });

  it('reads the port a URL reaches, the scheme’s when none is written', () => {
    expect(urlHostPort('http://erp/x')).toEqual({ host: 'erp', port: 80 });
    expect(urlHostPort('https://erp/x')).toEqual({ host: 'erp', port: 443 });
    expect(urlHostPort('http://[::1]:9000/x')).toEqual({ host: '[::1]', port: 9000 });
  });
});

describe('the allow-list', () => {
  const list = ['erp.internal:8080', '10.0.4.12:443', '[::1]:9000'];

  it('allows a listed host and port as written, case aside', () => {
    expect(hostAllowed(list, 'erp.internal', 8080)).toBe(true);
    expect(hostAllowed(list, 'ERP.internal', 8080)).toBe(true);
    expect(hostAllowed(list, '[::1]', 9000)).toBe(true);
    expect(hostAllowed(list, '::1', 9000)).toBe(true);
  });

  it('allows nothing else: another port, another spelling of the host, an empty list', () => {
    expect(hostAllowed(list, 'erp.internal', 80)).toBe(false);
    expect(hostAllowed(['127.0.0.1:8080'], 'localhost', 8080)).toBe(false);
    expect(hostAllowed(list, 'erp.internal.evil', 8080)).toBe(false);
    expect(hostAllowed([], 'erp.internal', 8080)).toBe(false);
    expect(hostAllowed(undefined, 'erp.internal', 8080)).toBe(false);
  });
});

describe('calls per minute', () => {
  it('holds `limit` calls a minute per key, then says how long to wait', () => {
    const windows = new MinuteWindows();
    const t0 = 1_000_000;
    expect(windows.take('a', 2, t0)).toBe(0);
    expect(windows.take('a', 2, t0 + 1)).toBe(0);
    expect(windows.take('a', 2, t0 + 20_000)).toBe(40);
    expect(windows.take('b', 2, t0 + 20_000)).toBe(0);
    expect(windows.take('a', 2, t0 + 60_000)).toBe(0);
  });

  it('stays bounded under a flood of callers', () => {
    const windows = new MinuteWindows(100);
    for (let i = 0; i < 1000; i++) windows.take(`k${i}`, 1, 5);
    expect(windows.take('k999', 1, 5)).toBeGreaterThan(0);
  });
});
