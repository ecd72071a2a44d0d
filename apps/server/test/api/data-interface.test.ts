import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DataInterface,
  DataInterfaceApi,
  type DataInterfaceSummary,
  type DataInterfaceTestResult,
  type Dataset,
  DatasetApi,
  dataInterfaceResponsePath,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf, userIdOf } from '../helpers';

/**
 * Data interfaces of the three kinds, called as their roles' holders. The HTTP kind calls a server
 * of this file on 127.0.0.1 at a random port, the one entry of the test app's allow-list.
 */
const S = DataInterfaceApi.dataInterface;
const en = { 'accept-language': 'en-US' };
const names = (zh: string, enUs?: string) => ({ 'zh-CN': zh, ...(enUs ? { 'en-US': enUs } : {}) });
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};
const SECRET = 'tok-3f9a1c-secret';
const TIMEOUT_MS = 1000;

let t: TestApp;
let upstream: Server;
let port: number;
let admin: string;
let buyer: string;
let otherAdmin: string;
let tenantId: string;
let buyerRole: string;
let theirRole: string;
let usersDataset: string;
let meDataset: string;
let theirDataset: string;
/** What the upstream server last heard. */
let heard: { url: string; headers: IncomingMessage['headers']; body: string } | null = null;
/** Read through a call, so that the type checker does not take an assignment above for the last word. */
const lastHeard = () => heard;

const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
const call = (id: string, token: string, query = '', headers: Record<string, string> = {}) =>
  t.get<unknown>(`${dataInterfaceResponsePath(id)}${query}`, token, headers);

function answer(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/** The upstream service: JSON, an echo, a slow one, a redirect, HTML, 2 MB, an error. */
function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    heard = { url: req.url ?? '', headers: req.headers, body };
    const path = (req.url ?? '').split('?')[0];
    if (path === '/prices') return answer(res, 200, JSON.stringify({ price: 42, url: req.url }));
    if (path === '/echo') return answer(res, 200, body || '{}');
    if (path === '/slow') return void setTimeout(() => answer(res, 200, '{}'), TIMEOUT_MS * 4).unref();
    if (path === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      return void res.end();
    }
    if (path === '/html') return answer(res, 200, '<html>login</html>', 'text/html');
    if (path === '/big') return answer(res, 200, JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }));
    return answer(res, 500, '{"error":"boom"}');
  });
}

const staticBody = (extra: Record<string, unknown> = {}) => ({
  code: 'price_list',
  names: names('价格表', 'Price list'),
  kind: 'static',
  staticJson: '{"b":1,"a":[1,2,{"z":null}]}',
  ...extra,
});

const httpBody = (path: string, extra: Record<string, unknown> = {}) => ({
  code: `svc_${path.replace(/\W/g, '')}`,
  names: names(`服务 ${path}`),
  kind: 'http',
  http: { method: 'GET', url: `http://127.0.0.1:${port}${path}`, headers: [], params: [] },
  ...extra,
});

async function created(body: unknown, token = admin): Promise<DataInterface> {
  const res = await t.post<DataInterface>(S, body, token, en);
  expect(res.body.code, res.raw).toBe(0);
  return res.body.data;
}

async function dataset(token: string, code: string, sql: string, params: unknown[] = []) {
  const res = await t.post<Dataset>(
    DatasetApi.dataset,
    { code, names: names(code), definition: { kind: 'sql', sql, params } },
    token,
  );
  expect(res.body.code, res.raw).toBe(0);
  return res.body.data.id;
}

beforeAll(async () => {
  upstream = createServer(handle);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = (upstream.address() as AddressInfo).port;
  t = await createTestApp({ interfaceHosts: [`127.0.0.1:${port}`], interfaceTimeoutMs: TIMEOUT_MS });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
  await t.seedOtherTenant('di');
  otherAdmin = await t.login('diadmin', 'admin123');
  const roleOf = async (tid: string) =>
    String(
      (
        await t.db
          .selectFrom('sys_role')
          .select('id')
          .where('tenant_id', '=', tid)
          .where('en_code', '=', 'buyer')
          .executeTakeFirstOrThrow()
      ).id,
    );
  buyerRole = await roleOf(tenantId);
  theirRole = await roleOf(await tenantIdOf(t.db, 'diadmin'));
  usersDataset = await dataset(
    admin,
    'users_by_account',
    'select account from srm_user where (:account is null or account = :account) order by account',
    [{ code: 'account', names: names('账号'), type: 'text', required: false }],
  );
  meDataset = await dataset(admin, 'me', 'select account from srm_user where id = :uid', [
    { code: 'uid', names: names('用户'), type: 'number', required: true },
  ]);
  theirDataset = await dataset(otherAdmin, 'theirs', 'select id from srm_user');
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('data interfaces', () => {
  let priceList: DataInterface;

  it('answers a static value as it was typed, to the administrator and to the roles it names', async () => {
    priceList = await created(staticBody({ cacheSeconds: 60 }));
    expect(priceList).toMatchObject({ kind: 'static', enabled: true, rateLimit: 60, cacheSeconds: 60 });
    const res = await call(priceList.id, admin);
    expect(res.raw).toBe('{"code":0,"msg":"Success","data":{"b":1,"a":[1,2,{"z":null}]}}');
    // The buyer holds no role of it: 403; named, he may call.
    expect((await call(priceList.id, buyer)).body.code).toBe(403);
    await t.put(`${S}/${priceList.id}`, staticBody({ cacheSeconds: 60, roleIds: [buyerRole] }), admin);
    expect((await call(priceList.id, buyer)).body.data).toEqual({ b: 1, a: [1, 2, { z: null }] });
    const list = await t.get<{ list: DataInterfaceSummary[] }>(S, admin);
    expect(list.body.data.list.map((i) => i.code)).toContain('price_list');
  });

  it('serves a cached answer from the cache, and a saved change at once', async () => {
    const hits = () =>
      t.app.deps.cache.cacheStats(tenantId).find((s) => s.name === 'dataInterfaceAnswer')?.hits ?? 0;
    const before = hits();
    await call(priceList.id, admin);
    await call(priceList.id, admin);
    expect(hits()).toBeGreaterThanOrEqual(before + 2);
    const edited = await t.put<DataInterface>(
      `${S}/${priceList.id}`,
      staticBody({ cacheSeconds: 60, roleIds: [buyerRole], staticJson: '[3]' }),
      admin,
    );
    expect(edited.body.code).toBe(0);
    expect((await call(priceList.id, admin)).body.data).toEqual([3]);
  });

  it('is not there when disabled, nor for another tenant', async () => {
    const off = await created(staticBody({ code: 'switched_off', enabled: false }));
    expect((await call(off.id, admin)).body.code).toBe(404);
    expect((await call(priceList.id, otherAdmin)).body.code).toBe(404);
    expect((await call('not-an-id', admin)).body.code).toBe(400);
  });

  it('runs a dataset as the caller: his data rules, the bound query parameter, never the SQL', async () => {
    const users = await created({
      code: 'users',
      names: names('用户'),
      kind: 'dataset',
      datasetId: usersDataset,
      roleIds: [buyerRole],
      bindings: [{ param: 'account', source: 'query', value: 'who' }],
    });
    const asAdmin = await call(users.id, admin);
    const all = (asAdmin.body.data as { rows: { account: string }[] }).rows.map((r) => r.account);
    expect(all).toContain('buyer');
    expect(asAdmin.body.data).toMatchObject({
      truncated: false,
      columns: [{ name: 'account', type: 'text' }],
    });
    expect(asAdmin.raw).not.toContain('statement');
    expect(asAdmin.raw).not.toContain('srm_user');
    // The buyer's rule of the user list is "own": fewer users, and no administrator among them.
    const asBuyer = await call(users.id, buyer);
    const mine = (asBuyer.body.data as { rows: { account: string }[] }).rows.map((r) => r.account);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine).not.toContain('admin');
    const one = await call(users.id, admin, '?who=buyer');
    expect((one.body.data as { rows: unknown[] }).rows).toEqual([{ account: 'buyer' }]);
  });

  it('binds @user from the session: a query parameter of the same name changes nothing', async () => {
    const me = await created({
      code: 'me',
      names: names('我'),
      kind: 'dataset',
      datasetId: meDataset,
      roleIds: [buyerRole],
      bindings: [{ param: 'uid', source: '@user', value: '' }],
    });
    const adminId = await userIdOf(t.db, 'admin');
    for (const query of ['', `?uid=${adminId}`, `?uid=${adminId}&account=admin`]) {
      const res = await call(me.id, buyer, query);
      expect((res.body.data as { rows: unknown[] }).rows).toEqual([{ account: 'buyer' }]);
    }
  });

  it('keeps a cached dataset answer per caller, for his data rules', async () => {
    const cached = await created({
      code: 'users_cached',
      names: names('用户缓存'),
      kind: 'dataset',
      datasetId: usersDataset,
      roleIds: [buyerRole],
      cacheSeconds: 120,
    });
    const asAdmin = await call(cached.id, admin);
    const asBuyer = await call(cached.id, buyer);
    expect(asBuyer.raw).not.toBe(asAdmin.raw);
    expect((await call(cached.id, admin)).raw).toBe(asAdmin.raw);
  });

  it('says when a dataset’s rows were cut at the row cap', async () => {
    const many = await dataset(admin, 'many_rows', 'select g from generate_series(1, 10001) g');
    const cut = await created({ code: 'many', names: names('很多'), kind: 'dataset', datasetId: many });
    const res = await call(cut.id, admin);
    expect(res.body.code, res.raw.slice(0, 300)).toBe(0);
    expect(res.body.data).toMatchObject({ truncated: true });
    expect((res.body.data as { rows: unknown[] }).rows).toHaveLength(10_000);
  });

  it('answers bad input with 400 and a message per field, never a 500', async () => {
    const bad = async (body: unknown, fields: string[]) => {
      const res = await t.post(S, body, admin, en);
      expect(res.status).toBe(200);
      expect(res.body.code, res.raw).toBe(400);
      expect(Object.keys(fieldsOf(res.body.data)).sort()).toEqual([...fields].sort());
      for (const message of Object.values(fieldsOf(res.body.data)))
        expect(message).not.toMatch(/[\u4e00-\u9fff]/);
    };
    await bad(staticBody({ staticJson: '{nope' }), ['staticJson']);
    await bad(staticBody({ staticJson: JSON.stringify('x'.repeat(300 * 1024)) }), ['staticJson']);
    await bad(staticBody({ code: 'Bad Code', rateLimit: 0, cacheSeconds: 9999 }), [
      'code',
      'rateLimit',
      'cacheSeconds',
    ]);
    await bad({ ...staticBody(), kind: 'dataset', staticJson: undefined }, ['datasetId']);
    await bad(httpBody('/prices', { http: { method: 'GET', url: 'ftp://127.0.0.1/x' } }), ['http.url']);
    await bad(
      httpBody('/prices', {
        http: {
          method: 'POST',
          url: `http://127.0.0.1:${port}/echo`,
          body: '{x',
          headers: [{ name: 'Host' }],
        },
      }),
      ['http.body', 'http.headers.0.name'],
    );
    await bad(
      {
        code: 'bad_bindings',
        names: names('x'),
        kind: 'dataset',
        datasetId: meDataset,
        bindings: [{ param: 'nothing', source: 'query', value: 'x' }],
      },
      ['bindings', 'bindings.0.param'],
    );
    await bad(
      {
        code: 'bad_query',
        names: names('x'),
        kind: 'dataset',
        datasetId: meDataset,
        bindings: [{ param: 'uid', source: 'query', value: '9x' }],
      },
      ['bindings.0.value'],
    );
    // A value of the wrong type at call time: 400 at the client's own parameter.
    const typed = await created({
      code: 'typed',
      names: names('类型'),
      kind: 'dataset',
      datasetId: meDataset,
      bindings: [{ param: 'uid', source: 'query', value: 'user' }],
    });
    const wrong = await call(typed.id, admin, '?user=abc', en);
    expect(wrong.body.code).toBe(400);
    expect(Object.keys(fieldsOf(wrong.body.data))).toEqual(['user']);
    const twice = await t.get(`${dataInterfaceResponsePath(typed.id)}?user=1&user=2`, admin, en);
    expect(twice.body.code).toBe(400);
  });

  it('needs its page to manage and its buttons to write and test', async () => {
    for (const res of [
      await t.get(S, buyer),
      await t.get(`${S}/${priceList.id}`, buyer),
      await t.get(`${S}/OpenApi`, buyer),
      await t.get(`${S}/Options`, buyer),
      await t.post(S, staticBody({ code: 'by_buyer' }), buyer),
      await t.put(`${S}/${priceList.id}`, staticBody(), buyer),
      await del(`${S}/${priceList.id}`, buyer),
      await t.post(`${S}/${priceList.id}/Actions/Test`, {}, buyer),
    ])
      expect(res.body.code).toBe(403);
  });

  it('keeps tenants apart: their interface, dataset and role answer 404, in the body too', async () => {
    for (const res of [
      await t.get(`${S}/${priceList.id}`, otherAdmin),
      await t.put(`${S}/${priceList.id}`, staticBody(), otherAdmin),
      await del(`${S}/${priceList.id}`, otherAdmin),
      await t.post(`${S}/${priceList.id}/Actions/Test`, {}, otherAdmin),
      await call(priceList.id, otherAdmin),
      await t.post(S, { code: 'x1', names: names('x'), kind: 'dataset', datasetId: theirDataset }, admin),
      await t.post(S, staticBody({ code: 'x2', roleIds: [theirRole] }), admin),
      await t.put(`${S}/${priceList.id}`, staticBody({ roleIds: [buyerRole, theirRole] }), admin),
    ])
      expect(res.body.code).toBe(404);
    const theirs = await t.get<{ list: DataInterfaceSummary[] }>(S, otherAdmin);
    expect(theirs.body.data.list).toEqual([]);
  });

  it('counts calls per user and minute: past the limit 429 with Retry-After, in the caller’s language', async () => {
    const limited = await created(staticBody({ code: 'limited', rateLimit: 2, roleIds: [buyerRole] }));
    expect((await call(limited.id, admin)).body.code).toBe(0);
    expect((await call(limited.id, admin)).body.code).toBe(0);
    const refused = await call(limited.id, admin, '', en);
    expect(refused.body.code).toBe(429);
    expect(refused.body.msg).toMatch(/^At most 2 calls a minute to this interface: try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(limited.id, admin, '', { 'accept-language': 'zh-CN' })).body.msg).toMatch(
      /每分钟最多/,
    );
    // Another caller has his own count.
    expect((await call(limited.id, buyer)).body.code).toBe(0);
  });

  it('refuses a dataset while interfaces read it', async () => {
    const res = await del(`${DatasetApi.dataset}/${meDataset}`, admin);
    expect(res.body.code).toBe(409);
  });
});

describe('HTTP data interfaces', () => {
  it('calls an allowed service with the passed parameters, in the console and at the stable path', async () => {
    const prices = await created(
      httpBody('/prices', {
        http: {
          method: 'GET',
          url: `http://127.0.0.1:${port}/prices?fixed=1`,
          headers: [],
          params: ['sku'],
        },
      }),
    );
    const res = await call(prices.id, admin, '?sku=A-1&other=x');
    expect(res.body).toEqual({
      code: 0,
      msg: 'Success',
      data: { price: 42, url: '/prices?fixed=1&sku=A-1' },
    });
    const console = await t.post<DataInterfaceTestResult>(
      `${S}/${prices.id}/Actions/Test`,
      { params: { sku: 'B' } },
      admin,
    );
    expect(console.body.data).toMatchObject({ status: 200, truncated: false, body: { price: 42 } });
    expect(console.body.data.ms).toBeGreaterThanOrEqual(0);
  });

  it('calls only what the platform allows, said clearly at the address', async () => {
    const refused = await t.post(
      S,
      httpBody('/prices', { http: { method: 'GET', url: 'http://127.0.0.1:1/x' } }),
      admin,
      en,
    );
    expect(refused.body.code).toBe(400);
    expect(fieldsOf(refused.body.data)['http.url']).toBe(
      '127.0.0.1:1 may not be called: the platform operator sets the hosts and ports data interfaces may call',
    );
    for (const url of [`http://localhost:${port}/prices`, 'http://169.254.169.254/latest']) {
      const res = await t.post(S, httpBody('/x', { http: { method: 'GET', url } }), admin);
      expect(Object.keys(fieldsOf(res.body.data))).toEqual(['http.url']);
    }
    // The list narrowed after saving: the call is refused, not made.
    const saved = await created(httpBody('/prices', { code: 'narrowed' }));
    const hosts = t.app.deps.config.interfaceHosts;
    t.app.deps.config.interfaceHosts = [];
    try {
      heard = null;
      const res = await t.post(`${S}/${saved.id}/Actions/Test`, {}, admin, en);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(/may not be called/);
      expect(lastHeard()).toBeNull();
    } finally {
      t.app.deps.config.interfaceHosts = hosts;
    }
  });

  it('gives up at the timeout, refuses a redirect, HTML, a body too large and an error status: 400 each', async () => {
    const failing: [string, RegExp][] = [
      [
        '/redirect',
        /redirect \(302\) to http:\/\/169\.254\.169\.254\/latest\/meta-data: redirects are not followed/,
      ],
      ['/html', /something other than JSON \(text\/html\)/],
      ['/big', /more than 1024 KB/],
      ['/fail', /answered HTTP 500/],
    ];
    for (const [path, message] of failing) {
      const item = await created(httpBody(path));
      for (const res of [
        await t.post(`${S}/${item.id}/Actions/Test`, {}, admin, en),
        await call(item.id, admin, '', en),
      ]) {
        expect(res.status).toBe(200);
        expect(res.body.code).toBe(400);
        expect(res.body.msg).toMatch(message);
      }
    }
    const slow = await created(httpBody('/slow'));
    const started = Date.now();
    const res = await t.post(`${S}/${slow.id}/Actions/Test`, {}, admin, en);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('The service did not answer within 1 s');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('sends kept header values and a filled body, and never answers a header’s value', async () => {
    const echo = await created(
      httpBody('/echo', {
        http: {
          method: 'POST',
          url: `http://127.0.0.1:${port}/echo`,
          headers: [{ name: 'X-Token', value: SECRET }],
          body: '{"sku":"{{sku}}","note":"for {{sku}}","n":1}',
          params: ['sku'],
        },
      }),
    );
    expect(echo.http?.headers).toEqual([{ name: 'X-Token', hasSecret: true }]);
    const res = await call(echo.id, admin, '?sku=%22%7D%2C%22evil%22%3A1');
    expect(res.body.data).toEqual({ sku: '"},"evil":1', note: 'for "},"evil":1', n: 1 });
    expect(lastHeard()?.headers['x-token']).toBe(SECRET);
    expect(lastHeard()?.headers['content-type']).toBe('application/json');
    // Saved again with the value left empty: the kept one stays.
    const edited = await t.put(
      `${S}/${echo.id}`,
      httpBody('/echo', {
        http: {
          method: 'POST',
          url: `http://127.0.0.1:${port}/echo`,
          headers: [{ name: 'X-Token' }],
          body: '{}',
        },
      }),
      admin,
    );
    expect(edited.body.code).toBe(0);
    heard = null;
    await call(echo.id, admin);
    expect(lastHeard()?.headers['x-token']).toBe(SECRET);
    // A new header without a value: 400 at its value.
    const missing = await t.put(
      `${S}/${echo.id}`,
      httpBody('/echo', {
        http: {
          method: 'GET',
          url: `http://127.0.0.1:${port}/echo`,
          headers: [{ name: 'X-Token' }, { name: 'X-New' }],
        },
      }),
      admin,
    );
    expect(Object.keys(fieldsOf(missing.body.data))).toEqual(['http.headers.1.value']);
    // In no answer and not in the database as typed.
    for (const read of [
      await t.get(S, admin),
      await t.get(`${S}/${echo.id}`, admin),
      await t.get(`${S}/OpenApi`, admin),
    ])
      expect(read.raw).not.toContain(SECRET);
    const stored = await t.db
      .selectFrom('dm_data_interface')
      .select('definition')
      .where('id', '=', echo.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.definition)).not.toContain(SECRET);
  });

  it('documents the enabled interfaces in an OpenAPI document', async () => {
    const doc = await t.get<never>(`${S}/OpenApi`, admin, en);
    const spec = JSON.parse(doc.raw) as {
      openapi: string;
      paths: Record<string, { get: { summary: string; parameters: { name: string; required: boolean }[] } }>;
    };
    expect(spec.openapi).toBe('3.1.0');
    const list = await t.get<{ list: DataInterfaceSummary[] }>(S, admin);
    const byCode = new Map(list.body.data.list.map((i) => [i.code, i]));
    const path = (code: string) => dataInterfaceResponsePath(byCode.get(code)?.id ?? '');
    expect(spec.paths[path('price_list')]?.get.summary).toBe('Price list');
    expect(spec.paths[path('users')]?.get.parameters).toEqual([
      { name: 'who', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    expect(spec.paths[path('typed')]?.get.parameters).toEqual([
      { name: 'user', in: 'query', required: true, schema: { type: 'number' } },
    ]);
    expect(spec.paths[path('switched_off')]).toBeUndefined();
  });
});
