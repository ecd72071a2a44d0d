import {
  type ImUser,
  type NavResult,
  type Notice,
  NoticeApi,
  type Page,
  type SupplierDetail,
  type SupplierHistory,
  type SupplierNoticeLine,
  type VendorUser,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeChatMessage } from '../../src/chat/chat-store';
import { remindExpiringQualifications } from '../../src/supplier/expiry-job';
import { seedDemoSuppliers } from '../../src/supplier/index';
import { createTestApp, supplierIdOf, type TestApp, tenantIdOf, userIdOf } from '../helpers';

/**
 * The supplier's own side and the purchasing side's record screens: the menus
 * each side sees, the history of changes, the profile and sub-accounts of a supplier (isolated
 * from other suppliers, refused to staff), the daily expiry reminders on a fake clock, and
 * announcements that leave out frozen suppliers.
 */

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let vendor2: string;
let tenantId: string;
let supplierA: string;
let t2admin: string;

const S = '/api/base/vendor/Supplier';
const U = `${S}/Mine/Users`;
const en = { 'accept-language': 'en-US' };
const contact = { contactName: '李联系', mobile: '13700000001', email: 'li@example.com', phone: '' };

const supplierId = (name: string) => supplierIdOf(t.db, tenantId, name);

const codes = (items: NavResult['menuList']): string[] =>
  items.flatMap((m) => [m.menuPerms, ...codes(m.children ?? [])]);
const nav = async (token: string) =>
  codes((await t.get<NavResult>('/api/sys/menu-ent/nav', token)).body.data.menuList);

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await tenantIdOf(t.db, 'admin');
  await seedDemoSuppliers(t.db, tenantId, { accountPrefix: '', mobilePrefix: '138000000' });
  [admin, buyer, vendor, vendor2] = await Promise.all([
    t.login('admin', 'admin123'),
    t.login('buyer', 'buyer123'),
    t.login('vendor', 'vendor123'),
    t.login('vendor2', 'vendor123'),
  ]);
  supplierA = await supplierId('示例供应商有限公司');
  await t.seedOtherTenant('t2');
  t2admin = await t.login('t2admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('menus', () => {
  it('staff see the supplier group, never the vendor portal; the buyer its list and notices', async () => {
    const adminCodes = await nav(admin);
    expect(adminCodes).toEqual(expect.arrayContaining(['base', 'base.vendor.supplier', 'base.vendorNotice']));
    expect(adminCodes.filter((c) => c.startsWith('vendorPortal'))).toEqual([]);
    const buyerCodes = await nav(buyer);
    expect(buyerCodes).toEqual(expect.arrayContaining(['base.vendor.supplier', 'base.vendorNotice']));
    expect(buyerCodes.filter((c) => c.startsWith('vendorPortal'))).toEqual([]);
  });

  it("a supplier's user sees its own portal and nothing of the purchasing side", async () => {
    expect(await nav(vendor)).toEqual([
      'vendorPortal',
      'vendorPortal.inbox',
      'vendorPortal.company',
      'vendorPortal.users',
      'vendorPortal.flowLaunch',
      'vendorPortal.rfqs',
      'vendorPortal.orders',
      'vendorPortal.deliveries',
      'vendorPortal.invoices',
    ]);
  });

  it('a tenant seeded before the portal launch page gets it, for its supplier role (migration 0053)', async () => {
    const { down0053, up0053 } = await import('../../src/db/migrations/0053_vendor_portal_flow_launch');
    await down0053(t.db as never);
    expect(await nav(vendor)).not.toContain('vendorPortal.flowLaunch');
    await up0053(t.db as never);
    // Once only, however often it runs.
    await up0053(t.db as never);
    expect((await nav(vendor)).filter((c) => c === 'vendorPortal.flowLaunch')).toHaveLength(1);
    expect(await nav(buyer)).not.toContain('vendorPortal.flowLaunch');
  });
});

describe('chat contacts of a supplier’s user', () => {
  const IM = '/api/permission/Users/ImUser';
  const listed = async (token: string, keyword = '') =>
    (await t.get<Page<ImUser>>(`${IM}?pageSize=100&keyword=${encodeURIComponent(keyword)}`, token)).body.data
      .list;
  const contacts = async (token: string, keyword = '') =>
    (await listed(token, keyword)).map((u) => u.account || `name:${u.realName}`).sort();

  it('are its own enterprise’s users and the staff it works with, by name, never another supplier’s', async () => {
    // The buyer recorded `vendor`'s supplier and sent it the notice; the administrator did neither.
    expect(await contacts(vendor)).toEqual(['name:张采购', 'vendor']);
    // Accounts are no way in: neither listed nor searched.
    expect(await contacts(vendor, 'buyer')).toEqual([]);
    expect(await contacts(vendor, 'admin')).toEqual([]);
    expect(await contacts(vendor, 'vendor2')).toEqual([]);
    expect(await contacts(vendor, '张采购')).toEqual(['name:张采购']);
    // vendor2's supplier was recorded by nobody, and received the buyer's notice.
    expect(await contacts(vendor2)).toEqual(['name:张采购', 'vendor2']);
    // The purchasing staff reach every supplier's users, by account.
    expect(await contacts(buyer)).toEqual(expect.arrayContaining(['admin', 'vendor', 'vendor2', 'vendor3']));
  });

  it('a staff user who chats with it becomes a contact; its conversations name him, not his account', async () => {
    const [adminId, vendorId] = await Promise.all([userIdOf(t.db, 'admin'), userIdOf(t.db, 'vendor')]);
    expect((await t.post(`${IM}/Selector/${adminId}`, {}, vendor)).body.code).toBe(404);
    await storeChatMessage(t.db, tenantId, adminId, vendorId, 'text', '您好，请更新资质');
    expect(await contacts(vendor)).toEqual(['name:张采购', 'name:系统管理员', 'vendor']);
    expect((await t.post(`${IM}/Selector/${adminId}`, {}, vendor)).body.code).toBe(0);
    const conversations = await t.get<{ list: { realName: string; account: string }[] }>(
      '/api/message/imreply',
      vendor,
    );
    expect(conversations.body.data.list.map((c) => [c.realName, c.account])).toEqual([['系统管理员', '']]);
    // The administrator still reads the supplier's account.
    const his = await t.get<{ list: { account: string }[] }>('/api/message/imreply', admin);
    expect(his.body.data.list.map((c) => c.account)).toContain('vendor');
  });

  it('the contacts beside another supplier’s user answer 404; beside a buyer, still not theirs', async () => {
    const [vendor2Id, buyerId] = await Promise.all([userIdOf(t.db, 'vendor2'), userIdOf(t.db, 'buyer')]);
    expect((await t.post(`${IM}/Selector/${vendor2Id}`, {}, vendor)).body.code).toBe(404);
    const beside = await t.post<Page<ImUser>>(`${IM}/Selector/${buyerId}`, {}, vendor);
    expect(beside.body.code).toBe(0);
    const accounts = beside.body.data.list.map((u) => u.account);
    expect(accounts).toContain('vendor');
    expect(accounts).not.toContain('vendor2');
    expect((await t.post(`${IM}/Selector/${vendor2Id}`, {}, buyer)).body.code).toBe(0);
  });
});

describe('history of changes', () => {
  it('records who changed the state and the blacklist, and when, newest first', async () => {
    const target = await supplierId('新材料科技有限公司');
    expect((await t.put(`${S}/${target}/Actions/State`, { action: 'qualify' }, admin)).body.code).toBe(0);
    expect(
      (await t.put(`${S}/${target}/Actions/Blacklist`, { blacklisted: true, reason: '质量事故' }, admin)).body
        .code,
    ).toBe(0);
    const res = await t.get<Page<SupplierHistory>>(`${S}/${target}/History`, buyer);
    expect(res.body.code).toBe(0);
    const [blacklist, state] = res.body.data.list;
    expect(blacklist).toMatchObject({ action: 'blacklist', remark: '质量事故', changedByName: '系统管理员' });
    expect(blacklist?.changes).toContainEqual({ field: 'blacklisted', from: 'false', to: 'true' });
    expect(state).toMatchObject({
      action: 'state',
      changes: [{ field: 'state', from: 'potential', to: 'qualified' }],
    });
    expect(Math.abs((state?.changedAt ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('a refused change leaves no history line', async () => {
    const before = (await t.get<Page<SupplierHistory>>(`${S}/${supplierA}/History`, admin)).body.data;
    expect((await t.put(`${S}/${supplierA}/Actions/State`, { action: 'qualify' }, admin)).body.code).toBe(
      409,
    );
    const after = (await t.get<Page<SupplierHistory>>(`${S}/${supplierA}/History`, admin)).body.data;
    expect(after.pagination.total).toBe(before.pagination.total);
  });

  it('another tenant’s supplier, ids beyond bigint and supplier users are refused', async () => {
    expect((await t.get(`${S}/${supplierA}/History`, t2admin)).body.code).toBe(404);
    expect((await t.get(`${S}/${supplierA}/Notices`, t2admin)).body.code).toBe(404);
    expect((await t.get(`${S}/99999999999999999999/History`, admin)).body.code).toBe(400);
    expect((await t.get(`${S}/${supplierA}/History`, vendor)).body.code).toBe(403);
  });

  it('lists the notices a supplier received with its own read and reply record', async () => {
    const res = await t.get<Page<SupplierNoticeLine>>(`${S}/${supplierA}/Notices`, buyer);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list[0]).toMatchObject({
      title: '关于 2026 年度供应商资质年审的通知',
      state: 1,
      delivered: true,
      readAt: null,
      replyState: 0,
      overdue: false,
    });
  });
});

describe('the supplier’s profile', () => {
  it('its administrator edits area, address, scope and contacts; legal data stay; history names the fields', async () => {
    const res = await t.put<SupplierDetail>(
      `${S}/Mine`,
      {
        areaCode: '310104',
        address: '新地址 8 号',
        businessScope: '钢材与办公用品',
        contacts: [contact],
        supplierName: '改名企图',
        creditCode: '91310000MA1K000000',
      },
      vendor,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      supplierName: '示例供应商有限公司',
      areaCode: '310104',
      address: '新地址 8 号',
      contacts: [expect.objectContaining({ contactName: '李联系', isPrimary: true })],
    });
    const history = (await t.get<Page<SupplierHistory>>(`${S}/${supplierA}/History`, admin)).body.data.list;
    expect(history[0]).toMatchObject({ action: 'profile', changedByName: expect.any(String) });
    expect(history[0]?.changes.map((c) => c.field)).toEqual([
      'areaCode',
      'address',
      'businessScope',
      'contacts',
    ]);
  });

  it('bad fields answer 400 with a translated message each', async () => {
    const res = await t.put(
      `${S}/Mine`,
      { areaCode: 'x', contacts: [{ ...contact, mobile: '123' }] },
      vendor,
      en,
    );
    expect(res.body.code).toBe(400);
    expect(Object.keys((res.body.data as { fields: object }).fields).sort()).toEqual([
      'areaCode',
      'contacts.0.mobile',
    ]);
    expect((await t.put(`${S}/Mine`, { contacts: [] }, vendor)).body.code).toBe(400);
  });

  it('staff get 403; another supplier edits only its own record', async () => {
    expect((await t.put(`${S}/Mine`, { contacts: [contact] }, admin)).body.code).toBe(403);
    const res = await t.put<SupplierDetail>(`${S}/Mine`, { address: 'B 地址', contacts: [contact] }, vendor2);
    expect(res.body.data.supplierName).toBe('华东钢材有限公司');
    const a = await t.get<SupplierDetail>(`${S}/${supplierA}`, admin);
    expect(a.body.data.address).toBe('新地址 8 号');
  });
});

describe('sub-accounts', () => {
  let sub: VendorUser;

  it('the administrator adds one, who signs in as mobile@account', async () => {
    const res = await t.post<VendorUser>(
      U,
      { realName: '子账号甲', mobile: '13911112222', password: 'sub12345' },
      vendor,
    );
    expect(res.body.code).toBe(0);
    sub = res.body.data;
    expect(sub).toMatchObject({ account: '13911112222@vendor', isAdmin: false, enabled: true });
    const token = await t.login('13911112222@vendor', 'sub12345');
    const list = await t.get<Page<VendorUser>>(U, token);
    expect(list.body.data.list.map((u) => [u.account, u.isAdmin])).toEqual([
      ['vendor', true],
      ['13911112222@vendor', false],
    ]);
    // A sub-account is not the administrator: no writes.
    expect(
      (await t.post(U, { realName: '乙', mobile: '13911113333', password: 'sub12345' }, token)).body.code,
    ).toBe(403);
    expect((await t.put(`${S}/Mine`, { contacts: [contact] }, token)).body.code).toBe(403);
    // Nor does it ask to change the supplier's bank or legal data: only the administrator may.
    const changes = [
      { kind: 'bank', bank: [{ bankName: '子账号银行', branch: '', accountNo: '6222000011112222' }] },
      {
        kind: 'legal',
        legal: { supplierName: '改名公司', legalPerson: '子账号', registeredCapital: 1, companyType: '' },
      },
    ];
    for (const change of changes) {
      const refused = await t.post('/api/base/vendor/Change', change, token, en);
      expect(refused.body, change.kind).toMatchObject({
        code: 403,
        msg: "Only the supplier's administrator may request a change of its bank or legal data",
      });
    }
    expect(
      await t.db.selectFrom('vendor_change').select('id').where('tenant_id', '=', tenantId).execute(),
    ).toEqual([]);
    // Its supplier's inbox is its own.
    expect((await t.get('/api/base/vendorNotice/listByVendor', token)).body.data).toMatchObject({
      pagination: { total: 1 },
    });
  });

  it('refuses a duplicate mobile, a weak password and bad fields with field messages', async () => {
    const dup = await t.post(U, { realName: '丙', mobile: '13911112222', password: 'sub12345' }, vendor, en);
    expect(dup.body).toMatchObject({ code: 400, data: { fields: { mobile: expect.any(String) } } });
    const bad = await t.post(U, { realName: '', mobile: '1', password: 'x' }, vendor, en);
    expect(Object.keys((bad.body.data as { fields: object }).fields).sort()).toEqual([
      'mobile',
      'password',
      'realName',
    ]);
  });

  it("another supplier's user ids answer 404; staff 403", async () => {
    const b = await t.get<Page<VendorUser>>(U, vendor2);
    expect(b.body.data.list.map((u) => u.account)).toEqual(['vendor2']);
    expect((await t.put(`${U}/${sub.id}/Actions/State`, { enabled: false }, vendor2)).body.code).toBe(404);
    expect(
      (await t.put(`${U}/${sub.id}/Actions/ResetPassword`, { password: 'abc12345' }, vendor2)).body.code,
    ).toBe(404);
    const adminId = String(
      (
        await t.db
          .selectFrom('sys_user')
          .select('id')
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await t.put(`${U}/${adminId}/Actions/State`, { enabled: false }, vendor)).body.code).toBe(404);
    expect((await t.get(U, admin)).body.code).toBe(403);
    expect(
      (await t.post(U, { realName: 'x', mobile: '13911114444', password: 'sub12345' }, buyer)).body.code,
    ).toBe(403);
  });

  it('disabling ends its session and refuses sign-in; a reset password works after enabling', async () => {
    const token = await t.login('13911112222@vendor', 'sub12345');
    expect((await t.put(`${U}/${sub.id}/Actions/State`, { enabled: false }, vendor)).body.code).toBe(0);
    expect((await t.get(U, token)).body.code).toBe(602);
    const refused = await t.post('/api/sys/login', { userName: '13911112222@vendor', passWord: 'sub12345' });
    expect(refused.body.code).not.toBe(0);
    expect((await t.put(`${U}/${sub.id}/Actions/State`, { enabled: true }, vendor)).body.code).toBe(0);
    expect(
      (await t.put(`${U}/${sub.id}/Actions/ResetPassword`, { password: 'new12345' }, vendor)).body.code,
    ).toBe(0);
    await t.login('13911112222@vendor', 'new12345');
    // Not on oneself.
    const me = (await t.get<Page<VendorUser>>(U, vendor)).body.data.list[0]!;
    expect((await t.put(`${U}/${me.id}/Actions/State`, { enabled: false }, vendor)).body.code).toBe(409);
    const history = (await t.get<Page<SupplierHistory>>(`${S}/${supplierA}/History`, admin)).body.data.list;
    expect(history.slice(0, 4).map((h) => h.action)).toEqual([
      'userPassword',
      'userState',
      'userState',
      'userAdded',
    ]);
  });
});

describe('qualification expiry reminders (fake clock)', () => {
  const DAY = 86_400_000;
  let qualId: string;
  const messages = async (token: string) =>
    (await t.get<Page<{ menuTitle: string }>>('/api/message?pageSize=50', token)).body.data.list
      .map((m) => m.menuTitle)
      .filter((title) => title.includes('资质即将到期'));

  beforeAll(async () => {
    const row = await t.db
      .insertInto('vendor_supplier_qualification')
      .values({ tenant_id: tenantId, supplier_id: supplierA, qual_type: 'iso9001', expires_on: '2031-03-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    qualId = String(row.id);
    // The seeded supplier was recorded by the buyer (`created_by`): its responsible buyer.
    await t.db
      .updateTable('vendor_supplier')
      .set({ created_by: null })
      .where('id', '!=', supplierA)
      .execute();
  });

  it('tells the supplier’s users and its buyer 30, 7 and 1 days before, once per threshold', async () => {
    const at = (iso: string) => new Date(`${iso}T08:00:00+08:00`);
    expect(await remindExpiringQualifications(t.app.deps, at('2031-02-27'))).toBe(0);
    expect(await remindExpiringQualifications(t.app.deps, at('2031-03-01'))).toBe(1);
    expect(await messages(vendor)).toEqual([expect.stringMatching(/ISO 9001 质量体系.*2031-03-31.*30/)]);
    expect(await messages(buyer)).toHaveLength(1);
    // The same day again, and the days before the next threshold: nothing new.
    expect(await remindExpiringQualifications(t.app.deps, at('2031-03-01'))).toBe(0);
    expect(await remindExpiringQualifications(t.app.deps, new Date(at('2031-03-23').getTime() - DAY))).toBe(
      0,
    );
    expect(await remindExpiringQualifications(t.app.deps, at('2031-03-24'))).toBe(1);
    expect(await remindExpiringQualifications(t.app.deps, at('2031-03-30'))).toBe(1);
    expect(await remindExpiringQualifications(t.app.deps, at('2031-03-31'))).toBe(0);
    expect(await messages(vendor)).toHaveLength(3);
    expect(await messages(buyer)).toHaveLength(3);
    // Other suppliers' users and staff who are not its buyer hear nothing.
    expect(await messages(vendor2)).toEqual([]);
    expect(await messages(admin)).toEqual([]);
  });

  it('a renewed date starts over; a frozen supplier is not told', async () => {
    await t.db
      .updateTable('vendor_supplier_qualification')
      .set({ expires_on: '2032-03-31' })
      .where('id', '=', qualId)
      .execute();
    const frozen = await supplierId('旧物资回收有限公司');
    await t.db
      .insertInto('vendor_supplier_qualification')
      .values({ tenant_id: tenantId, supplier_id: frozen, qual_type: 'license', expires_on: '2032-03-31' })
      .execute();
    expect(await remindExpiringQualifications(t.app.deps, new Date('2032-03-25T08:00:00+08:00'))).toBe(1);
    expect(await messages(vendor)).toHaveLength(4);
  });
});

describe('announcements leave out frozen suppliers', () => {
  it('an announcement to all suppliers reaches the live suppliers’ users only', async () => {
    const draft = await t.post<Notice>(
      NoticeApi.admin,
      { noticeTitle: '全体供应商', noticeBody: '<p>x</p>', audience: 'vendors' },
      admin,
    );
    const released = await t.put<Notice>(
      `${NoticeApi.admin}/${draft.body.data.id}/Actions/Release`,
      {},
      admin,
    );
    expect(released.body.code).toBe(0);
    const readers = await t.db
      .selectFrom('sys_notice_read as r')
      .innerJoin('sys_user as u', 'u.id', 'r.user_id')
      .select('u.account')
      .where('r.notice_id', '=', draft.body.data.id)
      .orderBy('u.account')
      .execute();
    // vendor3's supplier is frozen; the sub-account of `vendor` is a live supplier user.
    expect(readers.map((r) => r.account)).toEqual(['13911112222@vendor', 'vendor', 'vendor2']);
    expect(released.body.data.recipientCount).toBe(3);
    // A supplier's home lists its announcements, read or not, newest first.
    const mine = await t.get<{ list: { noticeTitle: string; isRead: number }[] }>(NoticeApi.mine, vendor);
    expect(mine.body.data.list[0]).toMatchObject({ noticeTitle: '全体供应商', isRead: 0 });
  });

  it('chosen enterprises: a frozen supplier’s users are left out too', async () => {
    const ent = await t.db
      .selectFrom('vendor_supplier')
      .select('ent_id')
      .where('supplier_name', '=', '旧物资回收有限公司')
      .executeTakeFirstOrThrow();
    const draft = await t.post<Notice>(
      NoticeApi.admin,
      { noticeTitle: '选定', noticeBody: '<p>x</p>', audience: 'ents', entIds: [String(ent.ent_id)] },
      admin,
    );
    const released = await t.put<Notice>(
      `${NoticeApi.admin}/${draft.body.data.id}/Actions/Release`,
      {},
      admin,
    );
    expect(released.body.data.recipientCount).toBe(0);
  });
});
