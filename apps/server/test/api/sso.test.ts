import {
  API,
  type LoginResult,
  SsoApi,
  type SsoProvider,
  type SsoProviderChoice,
  type SsoTestResult,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module shared with the browser tests, without declarations.
import { startCasServer, startOidcProvider } from '../../../../e2e/identity-providers.mjs';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Single sign-on (issue 40 §1, §4, §5) against identity providers started here: oidc-provider
 * (its own login and consent pages, driven over HTTP as a browser would) and a small CAS server.
 */
interface Oidc {
  issuer: string;
  register(redirectUri: string, postLogoutUri?: string): Promise<{ clientId: string; clientSecret: string }>;
  close(): Promise<void>;
}
interface Cas {
  base: string;
  issue(user: string, service: string): string;
  close(): Promise<void>;
}

const BASE = 'http://srm.test';
const S = SsoApi.provider;
const en = { 'accept-language': 'en-US' };
let t: TestApp;
let oidc: Oidc;
let cas: Cas;
let admin: string;
let buyer: string;
let other: { admin: string; tenantId: string };
let ip = 10;
const fieldsOf = (data: unknown) => (data as { fields?: Record<string, string> } | null)?.fields ?? {};

beforeAll(async () => {
  oidc = await startOidcProvider();
  cas = await startCasServer();
  const hosts = [new URL(oidc.issuer).host, new URL(cas.base).host];
  t = await createTestApp({ identityProviderHosts: hosts, identityProviderAllowHttp: true, publicUrl: BASE });
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  const seeded = await t.seedOtherTenant('sso2');
  other = { admin: await t.login('sso2admin', 'admin123'), tenantId: String(seeded.tenantId) };
});

afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await cas?.close();
});

/** An OIDC provider of the caller's tenant registered at the test provider, with these settings. */
async function oidcProvider(token: string, settings: Record<string, unknown> = {}): Promise<SsoProvider> {
  const made = await t.post<SsoProvider>(
    S,
    { name: `IdP ${ip++}`, kind: 'oidc', issuer: oidc.issuer, clientId: 'pending', ...settings },
    token,
  );
  expect(made.body.code).toBe(0);
  const client = await oidc.register(made.body.data.redirectUri, `${BASE}/login`);
  const saved = await t.put<SsoProvider>(
    `${S}/${made.body.data.id}`,
    { name: made.body.data.name, kind: 'oidc', issuer: oidc.issuer, ...settings, ...client },
    token,
  );
  expect(saved.body.code).toBe(0);
  return saved.body.data;
}

/** Starts a sign-in from a client address of its own: the provider's address and the binding cookie. */
async function start(providerId: string, from = `198.51.100.${ip++}`) {
  const res = await t.request<{ url: string }>({
    method: 'POST',
    url: SsoApi.start,
    payload: { providerId, redirect: '/workFlow/flowTodo' },
    headers: en,
    remoteAddress: from,
  });
  expect(res.body.code, res.raw).toBe(0);
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0] ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { url: res.body.data.url, cookie, from };
}

/** A browser at the provider: follows its redirects with its cookies, fills its login and consent pages. */
async function atProvider(url: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next: { url: string; init: RequestInit } = { url, init: {} };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: {
        ...(next.init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(BASE)) return target;
      next = { url: target.href, init: {} };
      continue;
    }
    const html = await response.text();
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', next.url).href;
    const form: Record<string, string> = /name="prompt" value="login"/.test(html)
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    next = {
      url: action,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      },
    };
  }
  throw new Error('the provider did not send the browser back');
}

const callback = (payload: object, cookie: string, from: string) =>
  t.request<LoginResult & { redirect: string }>({
    method: 'POST',
    url: SsoApi.callback,
    payload,
    headers: { ...en, cookie },
    remoteAddress: from,
  });

/** A whole OIDC sign-in as `login`: the callback's answer and what it was sent. */
async function signIn(provider: SsoProvider, login: string) {
  const started = await start(provider.id);
  const back = await atProvider(started.url, login);
  const body = {
    provider: provider.id,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? undefined,
  };
  return { res: await callback(body, started.cookie, started.from), body, started, back };
}

const whoAmI = async (token: string) =>
  (await t.get<{ account: string; userId: string }>('/api/sys/user/info', token)).body.data;

describe('identity providers (administration)', () => {
  it('keeps the secret sealed, answers only that one is kept, and keeps it when left empty', async () => {
    const made = await t.post<SsoProvider>(
      S,
      { name: 'Okta', kind: 'oidc', issuer: oidc.issuer, clientId: 'srm', clientSecret: 'top-secret-value' },
      admin,
    );
    expect(made.body.code).toBe(0);
    expect(made.body.data).toMatchObject({
      secretSet: true,
      enabled: true,
      linkByEmail: false,
      createUsers: false,
    });
    expect(made.body.data.redirectUri).toBe(`${BASE}/sso/callback/${made.body.data.id}`);
    expect(made.raw).not.toContain('top-secret-value');
    const row = await t.db
      .selectFrom('sys_sso_provider')
      .select('client_secret_sealed')
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    const list = await t.get<{ list: SsoProvider[] }>(S, admin);
    expect(list.raw).not.toContain('top-secret-value');
    const saved = await t.put<SsoProvider>(
      `${S}/${made.body.data.id}`,
      { name: 'Okta', kind: 'oidc', issuer: oidc.issuer, clientId: 'srm2', clientSecret: '' },
      admin,
    );
    expect(saved.body.data).toMatchObject({ clientId: 'srm2', secretSet: true });
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${S}/${made.body.data.id}`,
          headers: { authorization: admin },
        })
      ).body.code,
    ).toBe(0);
  });

  it('refuses bad input at its field, in the reader’s language', async () => {
    const bad = await t.post(
      S,
      { name: 'X', kind: 'oidc', issuer: 'ftp://idp.example', clientId: '' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(fieldsOf(bad.body.data).issuer).toMatch(/https:\/\//);
    expect(fieldsOf(bad.body.data).clientId).toBe('This field is required');
    const create = await t.post(
      S,
      { name: 'X', kind: 'cas', issuer: cas.base, createUsers: true, allowedDomains: ['not a domain'] },
      admin,
      en,
    );
    expect(create.body.code).toBe(400);
    expect(Object.keys(fieldsOf(create.body.data)).sort()).toEqual(['allowedDomains.0', 'createDeptId']);
    const noDept = await t.post(
      S,
      { name: 'X', kind: 'cas', issuer: cas.base, createUsers: true },
      admin,
      en,
    );
    expect(fieldsOf(noDept.body.data)).toEqual({ createDeptId: 'This field is required' });
  });

  it('tests discovery through the allow-list, and names what it refuses', async () => {
    const ok = await t.post<SsoTestResult>(
      `${S}/Actions/Test`,
      { kind: 'oidc', issuer: oidc.issuer, clientId: 'x' },
      admin,
    );
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.endpoints.authorization_endpoint).toBe(`${oidc.issuer}/auth`);
    expect(ok.body.data.endpoints.end_session_endpoint).toBeTruthy();
    const casOk = await t.post<SsoTestResult>(
      `${S}/Actions/Test`,
      { kind: 'cas', issuer: cas.base, clientId: '' },
      admin,
    );
    expect(casOk.body.code).toBe(0);
    const outside = await t.post(
      `${S}/Actions/Test`,
      { kind: 'oidc', issuer: 'https://login.example.com', clientId: 'x' },
      admin,
      en,
    );
    expect(outside.body.code).toBe(400);
    expect(fieldsOf(outside.body.data).issuer).toContain('IDENTITY_PROVIDER_HOSTS');
  });

  it('is the tenant administrator’s alone, and another tenant’s ids answer 404', async () => {
    expect((await t.get(S, buyer)).body.code).toBe(403);
    expect((await t.post(S, { name: 'B', kind: 'cas', issuer: cas.base }, buyer)).body.code).toBe(403);
    const mine = await t.post<SsoProvider>(S, { name: 'Mine', kind: 'cas', issuer: cas.base }, admin);
    expect((await t.get(`${S}/${mine.body.data.id}`, other.admin)).body.code).toBe(404);
    expect(
      (await t.put(`${S}/${mine.body.data.id}`, { name: 'X', kind: 'cas', issuer: cas.base }, other.admin))
        .body.code,
    ).toBe(404);
    // A department of another tenant inside the body.
    const dept = await t.db
      .selectFrom('sys_dept')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .executeTakeFirstOrThrow();
    const hidden = await t.post(
      S,
      { name: 'Hidden', kind: 'cas', issuer: cas.base, createUsers: true, createDeptId: String(dept.id) },
      admin,
    );
    expect(hidden.body.code).toBe(404);
    const theirs = await t.get<{ list: SsoProvider[] }>(S, other.admin);
    expect(theirs.body.data.list.map((p) => p.name)).not.toContain('Mine');
  });
});

describe('OIDC sign-in', () => {
  it('signs in through the provider’s login and consent pages, linking by a verified e-mail', async () => {
    const provider = await oidcProvider(admin, { linkByEmail: true });
    const choices = await t.get<{ list: SsoProviderChoice[] }>(`${SsoApi.providers}?tenant=demo`);
    expect(choices.body.data.list).toContainEqual({ id: provider.id, name: provider.name, kind: 'oidc' });
    const { res, started } = await signIn(provider, 'buyer@example.com');
    expect(started.url).toContain('code_challenge_method=S256');
    expect(started.url).toContain('nonce=');
    expect(res.body.code, res.raw).toBe(0);
    expect(res.body.data.redirect).toBe('/workFlow/flowTodo');
    expect((await whoAmI(res.body.data.token)).account).toBe('buyer');
    // The second time the link is by the subject, not by the e-mail.
    await t.db
      .updateTable('sys_user')
      .set({ email: 'changed@example.com' })
      .where('account', '=', 'buyer')
      .execute();
    const again = await signIn(provider, 'buyer@example.com');
    expect((await whoAmI(again.res.body.data.token)).account).toBe('buyer');
    await t.db
      .updateTable('sys_user')
      .set({ email: 'buyer@example.com' })
      .where('account', '=', 'buyer')
      .execute();
    const logs = await t.db
      .selectFrom('sys_login_log')
      .select(['account', 'success'])
      .where('account', 'like', `${provider.name}:%`)
      .execute();
    expect(logs).toContainEqual({ account: `${provider.name}:buyer`, success: true });
  });

  it('refuses a replayed answer, a forged state, another browser and an answer for another provider', async () => {
    const provider = await oidcProvider(admin, { linkByEmail: true });
    const first = await signIn(provider, 'buyer@example.com');
    expect(first.res.body.code).toBe(0);
    // The same answer again: its state was used.
    const replay = await callback(first.body, first.started.cookie, first.started.from);
    expect(replay.body.code).toBe(400);
    expect(replay.body.msg).toBe(
      'This sign-in is invalid or was used already; start again from the sign-in page',
    );
    // The used code with a new, valid state: the provider refuses the code.
    const fresh = await start(provider.id);
    const freshBack = new URL(await atProvider(fresh.url, 'buyer@example.com'));
    const reused = await callback(
      {
        ...first.body,
        state: freshBack.searchParams.get('state') ?? '',
        iss: freshBack.searchParams.get('iss') ?? undefined,
      },
      fresh.cookie,
      fresh.from,
    );
    expect(reused.body.code).toBe(400);
    expect(reused.body.msg).toContain(provider.name);
    // A forged state.
    const next = await start(provider.id);
    const back = await atProvider(next.url, 'buyer@example.com');
    const body = {
      provider: provider.id,
      code: back.searchParams.get('code') ?? '',
      iss: back.searchParams.get('iss') ?? undefined,
    };
    expect((await callback({ ...body, state: 'forged' }, next.cookie, next.from)).body.code).toBe(400);
    // Another browser (no or another binding cookie): refused, and the state is spent.
    const state = back.searchParams.get('state') ?? '';
    expect((await callback({ ...body, state }, 'srm_sso=someone-else', next.from)).body.code).toBe(400);
    expect((await callback({ ...body, state }, next.cookie, next.from)).body.code).toBe(400);
    // An answer started at another tenant's provider, named as this tenant's.
    const theirs = await oidcProvider(other.admin, { linkByEmail: true });
    const crossing = await start(theirs.id);
    const crossBack = await atProvider(crossing.url, 'buyer@example.com');
    const crossed = await callback(
      {
        provider: provider.id,
        code: crossBack.searchParams.get('code') ?? '',
        state: crossBack.searchParams.get('state') ?? '',
        iss: crossBack.searchParams.get('iss') ?? undefined,
      },
      crossing.cookie,
      crossing.from,
    );
    expect(crossed.body.code).toBe(400);
  });

  it('never links a user of another tenant, and says plainly when nobody is linked', async () => {
    const theirs = await oidcProvider(other.admin, { linkByEmail: true });
    // buyer@example.com is a user of the demo tenant only.
    const { res } = await signIn(theirs, 'buyer@example.com');
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe(
      `Your identity at ${theirs.name} is not linked to an account here; ask your administrator`,
    );
    const unverified = await oidcProvider(admin, { linkByEmail: true });
    expect((await signIn(unverified, 'unverified.buyer@example.com')).res.body.code).toBe(400);
  });

  it('makes a user at the first sign-in when allowed, in the department and roles named', async () => {
    const dept = await t.db
      .selectFrom('sys_dept')
      .select('id')
      .where('tenant_id', '=', '1')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('sys_role')
      .select('id')
      .where('tenant_id', '=', '1')
      .where('en_code', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const provider = await oidcProvider(admin, {
      createUsers: true,
      createDeptId: String(dept.id),
      createRoleIds: [String(role.id)],
      allowedDomains: ['acme.test'],
    });
    const first = await signIn(provider, 'newcomer');
    expect(first.res.body.code, first.res.raw).toBe(0);
    const me = await whoAmI(first.res.body.data.token);
    expect(me.account).toBe('newcomer');
    const made = await t.db
      .selectFrom('sys_user')
      .select(['email', 'real_name', 'dept_id'])
      .where('account', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    expect(made).toEqual({ email: 'newcomer@acme.test', real_name: 'newcomer (IdP)', dept_id: dept.id });
    const roles = await t.db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', me.userId)
      .execute();
    expect(roles.map((r) => String(r.role_id))).toEqual([String(role.id)]);
    // Once more: the same user, not a second one.
    const second = await signIn(provider, 'newcomer');
    expect((await whoAmI(second.res.body.data.token)).userId).toBe(me.userId);
    // Another domain than the allowed one.
    const outsider = await signIn(provider, 'someone@elsewhere.test');
    expect(outsider.res.body.code).toBe(400);
    expect(outsider.res.body.msg).toBe(`Your e-mail domain may not sign in with ${provider.name}`);
  });

  it('signs out at the provider too, and the session ends', async () => {
    const provider = await oidcProvider(admin, { linkByEmail: true });
    const { res } = await signIn(provider, 'buyer@example.com');
    const token = res.body.data.token;
    const out = await t.post<{ logoutUrl: string }>(API.logout, undefined, token);
    expect(out.body.code).toBe(0);
    const url = new URL(out.body.data.logoutUrl);
    expect(url.href.startsWith(`${oidc.issuer}/session/end`)).toBe(true);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${BASE}/login`);
    expect((await t.get('/api/sys/user/info', token)).body.code).not.toBe(0);
    // A password sign-in's sign-out has nowhere else to go.
    const plain = await t.login('buyer', 'buyer123');
    expect((await t.post(API.logout, undefined, plain)).body.data).toBeNull();
  });

  it('takes two identical answers at once as one sign-in, without an error of its own', async () => {
    const provider = await oidcProvider(admin, { linkByEmail: true });
    const started = await start(provider.id);
    const back = await atProvider(started.url, 'buyer@example.com');
    const body = {
      provider: provider.id,
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      iss: back.searchParams.get('iss') ?? undefined,
    };
    const both = await Promise.all([
      callback(body, started.cookie, started.from),
      callback(body, started.cookie, started.from),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 400]);
  });

  it('refuses a provider that is turned off or unknown', async () => {
    const provider = await oidcProvider(admin, { linkByEmail: true, enabled: false });
    const res = await t.post(SsoApi.start, { providerId: provider.id }, null, en);
    expect(res.body.code).toBe(404);
    expect(res.body.msg).toBe('This way of signing in does not exist or is turned off');
    expect((await t.post(SsoApi.start, { providerId: 'abc' }, null, en)).body.code).toBe(400);
    const choices = await t.get<{ list: SsoProviderChoice[] }>(`${SsoApi.providers}?tenant=demo`);
    expect(choices.body.data.list.map((p) => p.id)).not.toContain(provider.id);
  });
});

describe('CAS sign-in', () => {
  it('validates the ticket for exactly our service address, once', async () => {
    const made = await t.post<SsoProvider>(
      S,
      { name: 'CAS', kind: 'cas', issuer: cas.base, linkByEmail: true },
      admin,
    );
    const provider = made.body.data;
    const started = await start(provider.id);
    const login = new URL(started.url);
    expect(login.href.startsWith(`${cas.base}/login`)).toBe(true);
    const service = login.searchParams.get('service') ?? '';
    expect(service.startsWith(`${provider.redirectUri}?state=`)).toBe(true);
    const ticket = cas.issue('buyer@example.com', service);
    const res = await callback({ provider: provider.id, ticket, service }, started.cookie, started.from);
    expect(res.body.code, res.raw).toBe(0);
    expect((await whoAmI(res.body.data.token)).account).toBe('buyer');
    // A ticket for another service address.
    const next = await start(provider.id);
    const nextService = new URL(next.url).searchParams.get('service') ?? '';
    const elsewhere = cas.issue('buyer@example.com', 'https://evil.example/sso');
    expect(
      (
        await callback(
          { provider: provider.id, ticket: elsewhere, service: nextService },
          next.cookie,
          next.from,
        )
      ).body.code,
    ).toBe(400);
    // A service address that is not ours.
    const third = await start(provider.id);
    const thirdService = new URL(third.url).searchParams.get('service') ?? '';
    const foreign = thirdService.replace(BASE, 'https://evil.example');
    expect(
      (
        await callback(
          { provider: provider.id, ticket: cas.issue('buyer@example.com', foreign), service: foreign },
          third.cookie,
          third.from,
        )
      ).body.code,
    ).toBe(400);
    // Bad input: neither shape.
    expect((await t.post(SsoApi.callback, { provider: provider.id }, null, en)).body.code).toBe(400);
  });
});
