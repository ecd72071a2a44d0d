import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { CurrentUser, NavResult } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, idByCode, TEST_APP_CONFIG, type TestApp, tenantIdOf } from '../helpers';

/**
 * user/info and nav are stored answers (bytes built once per user or set of grants, under the
 * tenant's cache version and the user's row version read with the session). Two servers share one
 * database here, as several processes share one PostgreSQL: a change written through one server,
 * or straight in the database, shows in the very next answer of both, their stored answers warm.
 */
let t: TestApp;
let twin: FastifyInstance;
let twinDir: string;
let admin: string;
let buyer: string;
let tenantId: string;

type Server = 'first' | 'twin';

const get = (server: Server, url: string, token: string, headers: Record<string, string> = {}) =>
  (server === 'first' ? t.app : twin).inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

async function json<T>(server: Server, url: string, token: string): Promise<T> {
  const body = JSON.parse((await get(server, url, token)).body) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

const info = (server: Server, token: string) => json<CurrentUser>(server, '/api/sys/user/info', token);
const nav = (server: Server, token: string) => json<NavResult>(server, '/api/sys/menu-ent/nav', token);
const buttonsOf = (n: NavResult) => n.permissionList.flatMap((p) => p.button.map((b) => b.enCode));
const menusOf = (n: NavResult) => {
  const out: { perms: string; name: string }[] = [];
  const walk = (items: NavResult['menuList']) => {
    for (const m of items) {
      out.push({ perms: m.menuPerms, name: m.menuName });
      walk(m.children ?? []);
    }
  };
  walk(n.menuList);
  return out;
};

const menuId = async (code: string) =>
  String(
    (
      await t.db
        .selectFrom('sys_menu')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('menu_perms', '=', code)
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Both servers, each asked twice (the second answer comes from its store). */
async function both<T>(read: (server: Server) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const server of ['first', 'twin'] as const) {
    out.push(await read(server));
    out.push(await read(server));
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  twinDir = await mkdtemp(path.join(os.tmpdir(), 'srm-twin-'));
  twin = await buildApp({ dataDir: twinDir, ...TEST_APP_CONFIG, validateResponses: true, db: t.handle });
  await twin.ready();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  tenantId = await tenantIdOf(t.db, 'admin');
});
afterAll(async () => {
  await twin?.close();
  await t?.close();
  if (twinDir) await rm(twinDir, { recursive: true, force: true });
});

describe('stored user info and nav on two servers', () => {
  it('a grant saved through one server shows in both servers’ next user info and nav, and goes again', async () => {
    for (const n of await both((s) => nav(s, buyer))) expect(buttonsOf(n)).not.toContain('system.log.export');
    for (const i of await both((s) => info(s, buyer))) expect(i.permsList).not.toContain('system.log.export');
    const role = await idByCode(t.db, 'sys_role', tenantId, 'buyer');
    const url = `/api/permission/Authority/Data/role/${role}`;
    const current = (await t.get<Record<string, string[]>>(url, admin)).body.data as unknown as {
      checked: Record<string, string[]>;
    };
    const logPage = await menuId('system.log');
    const logExport = await idByCode(t.db, 'sys_menu_button', tenantId, 'system.log.export');
    const { checked } = current;
    const granted = {
      ...checked,
      menu: [...(checked.menu ?? []), logPage],
      button: [...(checked.button ?? []), logExport],
    };
    const saved = await twin.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${admin}` },
      payload: granted,
    });
    expect(JSON.parse(saved.body).code).toBe(0);
    for (const n of await both((s) => nav(s, buyer))) expect(buttonsOf(n)).toContain('system.log.export');
    for (const i of await both((s) => info(s, buyer))) expect(i.permsList).toContain('system.log.export');
    // The administrator's answers are their own: all codes, before and after.
    for (const i of await both((s) => info(s, admin))) expect(i.account).toBe('admin');

    // Disabling the role (straight in the database, as another process would) takes it all away.
    await t.db.updateTable('sys_role').set({ enabled: false }).where('id', '=', role).execute();
    for (const n of await both((s) => nav(s, buyer))) expect(buttonsOf(n)).not.toContain('system.log.export');
    for (const i of await both((s) => info(s, buyer))) expect(i.permsList).not.toContain('system.log.export');
    await t.db.updateTable('sys_role').set({ enabled: true }).where('id', '=', role).execute();
    for (const i of await both((s) => info(s, buyer))) expect(i.permsList).toContain('system.log.export');
  });

  it('a menu renamed or disabled shows in the next nav of both servers', async () => {
    const menu = await menuId('system.log');
    for (const n of await both((s) => nav(s, admin)))
      expect(menusOf(n).find((m) => m.perms === 'system.log')?.name).not.toBe('日志改名');
    await t.db.updateTable('sys_menu').set({ menu_name: '日志改名' }).where('id', '=', menu).execute();
    for (const n of await both((s) => nav(s, admin)))
      expect(menusOf(n).find((m) => m.perms === 'system.log')?.name).toBe('日志改名');
    await t.db.updateTable('sys_menu').set({ enabled: false }).where('id', '=', menu).execute();
    for (const n of await both((s) => nav(s, admin)))
      expect(menusOf(n).map((m) => m.perms)).not.toContain('system.log');
    for (const i of await both((s) => info(s, admin))) expect(i.permsList).not.toContain('system.log');
    await t.db.updateTable('sys_menu').set({ enabled: true }).where('id', '=', menu).execute();
    for (const n of await both((s) => nav(s, admin)))
      expect(menusOf(n).map((m) => m.perms)).toContain('system.log');
  });

  it('the user’s own settings, profile and enterprise show in the next user info of both servers', async () => {
    await both((s) => info(s, buyer));
    const theme = await twin.inject({
      method: 'PUT',
      url: '/api/permission/Users/Current/SystemTheme',
      headers: { authorization: `Bearer ${buyer}` },
      payload: { theme: 'plain', settings: { themeColor: 'red' } },
    });
    expect(JSON.parse(theme.body).code).toBe(0);
    for (const i of await both((s) => info(s, buyer))) {
      expect(i.theme).toBe('plain');
      expect(i.settings).toEqual({ themeColor: 'red' });
    }
    await t.db.updateTable('sys_user').set({ real_name: '张新名' }).where('account', '=', 'buyer').execute();
    for (const i of await both((s) => info(s, buyer))) expect(i.realName).toBe('张新名');
    // The enterprise row has no cache counter: its row version tags the answer.
    const { ent_id } = await t.db
      .selectFrom('sys_user')
      .select('ent_id')
      .where('account', '=', 'buyer')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('ent').set({ ent_name: '新集团名' }).where('id', '=', ent_id).execute();
    for (const i of await both((s) => info(s, buyer))) expect(i.ent.entName).toBe('新集团名');
  });

  it('answers brotli or gzip when accepted, the same JSON as the plain answer', async () => {
    for (const url of ['/api/sys/user/info', '/api/sys/menu-ent/nav']) {
      const plain = await get('first', url, admin);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const br = await get('twin', url, admin, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
      const gzip = await get('twin', url, admin, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      // A header once read is remembered: asked again, each still gets its own encoding.
      for (let i = 0; i < 2; i++) {
        const refused = await get('twin', url, admin, { 'accept-encoding': 'br;q=0, gzip' });
        expect(refused.headers['content-encoding']).toBe('gzip');
        const none = await get('twin', url, admin, { 'accept-encoding': 'br;q=0' });
        expect(none.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(none.body)).toEqual(JSON.parse(plain.body));
        const browser = await get('twin', url, admin, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(browser.headers['content-encoding']).toBe('br');
      }
    }
  });
});
