import type { CurrentUser, NavResult, SubCompanyNode } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, buyer, vendor] = await Promise.all([
    t.login('admin', 'admin123'),
    t.login('buyer', 'buyer123'),
    t.login('vendor', 'vendor123'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('user info', () => {
  it('gives the admin every code of the tenant', async () => {
    const res = await t.get<CurrentUser>('/api/sys/user/info', admin);
    expect(res.body.code).toBe(0);
    const u = res.body.data;
    expect(u).toMatchObject({
      account: 'admin',
      userCode: 'admin',
      isAdministrator: true,
      ent: { entType: 1 },
      deptName: '信息部',
      subCompany: { deptName: '总公司' },
    });
    expect(u.id).toMatch(/^\d+$/);
    expect(u.permsList).toEqual(
      expect.arrayContaining(['system', 'system.log', 'system.log.export', 'system.log.ipAddress']),
    );
    expect(u.positionNames).toEqual(['系统管理员']);
  });

  it('gives the buyer the role grants only, without the export button and the ip column', async () => {
    const res = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    const u = res.body.data;
    expect(u.isAdministrator).toBe(false);
    expect(u.permsList).toContain('system.log');
    expect(u.permsList).not.toContain('system.log.export');
    expect(u.permsList).not.toContain('system.log.ipAddress');
    expect(u.subCompany.deptName).toBe('华东分公司');
    expect(u.userMobile).toBe('13800000001');
  });

  it('reports the previous sign-in after a second sign-in', async () => {
    const again = await t.login('vendor', 'vendor123');
    const res = await t.get<CurrentUser>('/api/sys/user/info', again);
    expect(res.body.data.prevLogin).toBe(1);
    expect(res.body.data.prevLoginTime).toBeTypeOf('number');
    expect(res.body.data.prevLoginIPAddress).toBe('127.0.0.1');
  });
});

describe('menu', () => {
  it('gives the admin the whole tree with buttons and columns', async () => {
    const res = await t.get<NavResult>('/api/sys/menu-ent/nav', admin);
    expect(res.body.code).toBe(0);
    const system = res.body.data.menuList.find((m) => m.menuPerms === 'system');
    expect(system).toMatchObject({
      menuType: 0,
      menuIcon: 'SettingOutlined',
      parentId: '0',
      menuNameEn: 'System',
    });
    const children = system?.children ?? [];
    expect(children.map((c) => c.menuPerms)).toEqual([
      'system.log',
      'system.menu',
      'system.notice',
      'system.help',
      'system.apiDocs',
      'system.sysConfig',
      'system.billRule',
      'system.task',
      'system.cache',
      'system.sso',
      'system.monitor',
      'system.icons',
      'system.language',
      'system.area',
    ]);
    const permission = res.body.data.menuList.find((m) => m.menuPerms === 'permission');
    expect(permission?.children?.map((c) => c.menuPerms)).toEqual([
      'permission.organize',
      'permission.department',
      'permission.position',
      'permission.user',
      'permission.role',
      'permission.authorize',
      'permission.userOnline',
    ]);
    // Top-level order follows orderNum: suppliers (10), procurement (12), permissions (80), workflow
    // (85), online development (88), system (90), system data (91); the supplier portal (5) is the
    // suppliers' own menu, never staff's.
    expect(res.body.data.menuList.map((m) => m.menuPerms)).toEqual([
      'base',
      'procurement',
      'permission',
      'workFlow',
      'onlineDev',
      'system',
      'systemData',
    ]);
    const workFlow = res.body.data.menuList.find((m) => m.menuPerms === 'workFlow');
    expect(workFlow?.children?.map((c) => c.menuPerms)).toEqual([
      'workFlow.flowEngine',
      'workFlow.flowLaunch',
      'workFlow.flowTodo',
      'workFlow.flowDone',
      'workFlow.flowCirculate',
      'workFlow.entrust',
      'workFlow.flowMonitor',
    ]);
    const log = children[0]!;
    expect(log).toMatchObject({ menuType: 1, menuUrl: '/system/log', menuIcon: 'FileTextOutlined' });
    const perm = res.body.data.permissionList.find((p) => p.modelId === log.id);
    expect(perm?.button.map((b) => b.enCode)).toEqual(['system.log.export']);
    expect(perm?.column.map((c) => c.enCode)).toEqual(['system.log.ipAddress']);
    const help = children.find((c) => c.menuPerms === 'system.help');
    expect(help).toMatchObject({ menuType: 7, linkTarget: '_blank' });
  });

  it('filters the buyer menu and per-page permissions by grants', async () => {
    const res = await t.get<NavResult>('/api/sys/menu-ent/nav', buyer);
    const [base, procurement, permission, workFlow, system] = res.body.data.menuList;
    expect(procurement?.children?.map((c) => c.menuPerms)).toEqual([
      'procurement.rfq',
      'procurement.order',
      'procurement.receipt',
      'procurement.invoice',
    ]);
    expect(base?.children?.map((c) => c.menuPerms)).toEqual([
      'base.vendor.supplier',
      'base.vendorNotice',
      'base.vendor.invitation',
    ]);
    // The staff's task pages and delegation, without the designer and the monitor.
    expect(workFlow?.children?.map((c) => c.menuPerms)).toEqual([
      'workFlow.flowLaunch',
      'workFlow.flowTodo',
      'workFlow.flowDone',
      'workFlow.flowCirculate',
      'workFlow.entrust',
    ]);
    expect(permission?.children?.map((c) => c.menuPerms)).toEqual([
      'permission.organize',
      'permission.department',
      'permission.user',
    ]);
    expect(system?.children?.map((c) => c.menuPerms)).toEqual(['system.log', 'system.help']);
    const log = system!.children![0]!;
    const perm = res.body.data.permissionList.find((p) => p.modelId === log.id);
    expect(perm).toEqual({ modelId: log.id, button: [], column: [] });
    // On the user page buyer holds the export button but neither the mobile nor the email column.
    const users = permission!.children!.find((c) => c.menuPerms === 'permission.user')!;
    const userPerm = res.body.data.permissionList.find((p) => p.modelId === users.id);
    expect(userPerm?.button.map((b) => b.enCode)).toEqual(['permission.user.export']);
    expect(userPerm?.column).toEqual([]);
  });

  it('gives the vendor a non-empty menu', async () => {
    const res = await t.get<NavResult>('/api/sys/menu-ent/nav', vendor);
    expect(res.body.data.menuList.length).toBeGreaterThan(0);
  });

  it('hides disabled menus', async () => {
    await t.db
      .updateTable('sys_menu')
      .set({ enabled: false })
      .where('menu_perms', '=', 'system.help')
      .execute();
    try {
      const res = await t.get<NavResult>('/api/sys/menu-ent/nav', buyer);
      const system = res.body.data.menuList.find((m) => m.menuPerms === 'system');
      expect(system?.children?.map((c) => c.menuPerms)).toEqual(['system.log']);
    } finally {
      await t.db
        .updateTable('sys_menu')
        .set({ enabled: true })
        .where('menu_perms', '=', 'system.help')
        .execute();
    }
  });
});

describe('start-up loads', () => {
  it('enums', async () => {
    const res = await t.get<Record<string, { key: string; value: string }[]>>('/api/common/enums', buyer);
    expect(res.body.data.flowStatus).toHaveLength(5);
    expect(res.body.data.urgency?.map((u) => u.key)).toEqual(['1', '2', '3']);
    expect(res.body.data.entType).toHaveLength(2);
  });

  it('configured dictionaries (tree and flat)', async () => {
    const res = await t.get<
      { enCode: string; isTree: number; dictionaryList: { children: unknown[] | null }[] }[]
    >('/api/common/get-conf-dist', buyer);
    const cat = res.body.data.find((d) => d.enCode === 'supplyCategory');
    expect(cat?.isTree).toBe(1);
    expect(cat?.dictionaryList[0]?.children).toHaveLength(2);
    expect(res.body.data.find((d) => d.enCode === 'sex')?.isTree).toBe(0);
  });

  it('system and base dictionaries and configs', async () => {
    const sys = await t.get<{ distCode: string; distDataList: unknown[] }[]>(
      '/api/common/get-sys-dist',
      buyer,
    );
    expect(sys.body.data.map((d) => d.distCode)).toContain('sex');
    const base = await t.get<{ distCode: string }[]>('/api/common/get-base-dist', buyer);
    expect(base.body.data.map((d) => d.distCode)).toContain('currency');
    const cfg = await t.get<{ paramKey: string; paramValue: string }[]>('/api/common/get-sys-config', buyer);
    const map = Object.fromEntries(cfg.body.data.map((c) => [c.paramKey, c.paramValue]));
    expect(map).toMatchObject({ sysVersion: '3.2.0', sysName: 'SRM 供应商关系管理平台' });
    // The security group is read on the configuration page only, not by every user.
    expect(map).not.toHaveProperty('lockoutAttempts');
    expect(map).not.toHaveProperty('tokenTimeout');
    expect(map.helpUrl).toBeTruthy();
    const baseCfg = await t.get<{ paramKey: string }[]>('/api/common/get-base-config', buyer);
    expect(baseCfg.body.data.map((c) => c.paramKey)).toContain('defaultCurrency');
  });
});

describe('sub-companies', () => {
  it('lists the company tree and switches within it', async () => {
    const res = await t.get<SubCompanyNode[]>('/api/sys/dept/subCompany/0', buyer);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toHaveLength(1);
    const head = res.body.data[0]!;
    expect(head.deptName).toBe('总公司');
    expect(head.children?.map((c) => c.deptName)).toEqual(['华东分公司', '华南分公司']);
    const south = head.children![1]!;
    const sw = await t.post<{ id: string; deptName: string }>(
      '/api/sys/dept/switchCompany',
      { companyId: south.id },
      buyer,
    );
    expect(sw.body).toMatchObject({
      code: 0,
      msg: '组织切换成功',
      data: { id: south.id, deptName: '华南分公司' },
    });
    const info = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    expect(info.body.data.subCompany).toEqual({ id: south.id, deptName: '华南分公司' });
  });

  it("answers 404 for a department that is not a company and for another tenant's company", async () => {
    const other = await t.seedOtherTenant('st');
    const foreign = await t.post('/api/sys/dept/switchCompany', { companyId: other.depts.head! }, buyer);
    expect(foreign.body.code).toBe(404);
    const dept = await t.db
      .selectFrom('sys_dept')
      .select('id')
      .where('dept_name', '=', '财务部')
      .executeTakeFirstOrThrow();
    expect((await t.post('/api/sys/dept/switchCompany', { companyId: dept.id }, buyer)).body.code).toBe(404);
    expect((await t.get(`/api/sys/dept/subCompany/${other.depts.head}`, buyer)).body.code).toBe(404);
    const bad = await t.post<{ fields: Record<string, string> }>(
      '/api/sys/dept/switchCompany',
      { companyId: 'x' },
      buyer,
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.companyId).toBeTruthy();
    // The other tenant's admin sees only its own tree.
    const t2 = await t.login('stadmin', 'admin123');
    const tree = await t.get<SubCompanyNode[]>('/api/sys/dept/subCompany/0', t2);
    expect(tree.body.data[0]!.id).toBe(other.depts.head);
  });
});

describe('platform', () => {
  it('health checks the database', async () => {
    const res = await t.get<{ status: string; db: string }>('/api/health');
    expect(res.body).toMatchObject({ code: 0, data: { status: 'ok' } });
  });

  it('serves the OpenAPI document listing the routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.raw) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/sys/login',
      '/api/oauth/Login',
      '/api/sys/user/info',
      '/api/sys/menu-ent/nav',
      '/api/system/Log/login',
      '/api/file/Uploader/{type}',
      '/api/permission/Users/Current/BaseInfo',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.status);
  });

  it('answers the 404 envelope for unknown /api paths', async () => {
    const res = await t.get('/api/no/such/thing', admin, { 'accept-language': 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 404, msg: 'No such API: /api/no/such/thing' });
  });

  it('sets security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers HTTP 500 with the request id and no stack', async () => {
    const broken = await createTestApp();
    try {
      const token = await broken.login('admin', 'admin123');
      await sql`drop table sys_enum`.execute(broken.db);
      const res = await broken.get('/api/common/enums', token, { 'x-request-id': 'req-test-500' });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toContain('req-test-500');
      expect(res.headers['x-request-id']).toBe('req-test-500');
      expect(res.raw).not.toMatch(/at .*\.ts|stack|sys_enum/);
    } finally {
      await broken.close();
    }
  });
});
