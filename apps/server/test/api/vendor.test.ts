import {
  creditCodeCheckChar,
  REGISTERED_CAPITAL_MAX,
  validationMessage,
  vendorReplyProblem,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSuppliers } from '../../src/supplier/index';
import {
  createTestApp,
  multipartFile,
  supplierIdOf as supplierIdOfIn,
  type TestApp,
  tenantIdOf,
} from '../helpers';
import { settle, TestSocket } from '../ws-client';

/**
 * Suppliers and vendor notices: isolation between suppliers first (one
 * supplier's user aimed at another supplier's rows: 404; at staff calls: 403), then the supplier
 * records and life cycle, then every vendor-notice call.
 */

let t: TestApp;
let admin: string;
let buyer: string;
let vendorA: string;
let vendorB: string;
let t2admin: string;
let supplierA: string;
let supplierB: string;
let supplierFrozen: string;
let t2supplier: string;
/** Published to A and B (the seeded notice). */
let seeded: string;
/** Published to A only. */
let onlyA: string;

const en = { 'accept-language': 'en-US' };
const N = '/api/base/vendorNotice';
const S = '/api/base/vendor/Supplier';
const code = (first17: string) => first17 + creditCodeCheckChar(first17);
/** A credit code with a wrong check character. */
const wrongCheck = (first17: string) => first17 + (creditCodeCheckChar(first17) === '0' ? '1' : '0');
const BIG = '99999999999999999999';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(token: string, name = 'a.pdf', content = PDF) {
  const m = multipartFile(name, content);
  return t.request<{ id: string; url: string }>({
    method: 'POST',
    url: `${N}/upload`,
    headers: { token, ...m.headers, ...en },
    payload: m.payload,
  });
}

const supplierIdOf = (tenantId: string, name: string) => supplierIdOfIn(t.db, tenantId, name);

const noticeBody = (supplierIds: string[], extra: Record<string, unknown> = {}) => ({
  title: '测试通知',
  noticeType: 'general',
  bodyHtml: '<p onclick="x()">请回复<script>alert(1)</script></p>',
  replyRequired: true,
  replyDeadline: Date.now() + 86_400_000,
  supplierIds,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendorA = await t.login('vendor', 'vendor123');
  const tenantId = await tenantIdOf(t.db, 'admin');
  // The started demo's further suppliers (the test template has only the vendor's own).
  await seedDemoSuppliers(t.db, tenantId, { accountPrefix: '', mobilePrefix: '138000000' });
  vendorB = await t.login('vendor2', 'vendor123');
  supplierA = await supplierIdOf(tenantId, '示例供应商有限公司');
  supplierB = await supplierIdOf(tenantId, '华东钢材有限公司');
  supplierFrozen = await supplierIdOf(tenantId, '旧物资回收有限公司');
  const other = await t.seedOtherTenant('t2');
  t2admin = await t.login('t2admin', 'admin123');
  t2supplier = await supplierIdOf(other.tenantId, 't2 供应商');
  seeded = String(
    (
      await t.db
        .selectFrom('vendor_notice')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).id,
  );
  // The demo's buyer holds the supplier pages; here "staff without the code" is the buyer without them.
  await t.db
    .deleteFrom('sys_grant')
    .where('tenant_id', '=', tenantId)
    .where('object_type', '=', 'role')
    .where('object_id', '=', (eb) =>
      eb.selectFrom('sys_role').select('id').where('tenant_id', '=', tenantId).where('en_code', '=', 'buyer'),
    )
    .where((eb) =>
      eb.or([
        eb('item_id', 'in', eb.selectFrom('sys_menu').select('id').where('menu_perms', 'like', 'base%')),
        eb('item_id', 'in', eb.selectFrom('sys_menu_button').select('id').where('en_code', 'like', 'base%')),
      ]),
    )
    .execute();
  const created = await t.post<{ id: string }>(`${N}/save`, noticeBody([supplierA]), admin);
  expect(created.body.code).toBe(0);
  onlyA = created.body.data.id;
  expect((await t.get(`${N}/check/${onlyA}`, admin)).body.code).toBe(0);
});
afterAll(async () => {
  await t?.close();
});

describe('isolation between suppliers (§7)', () => {
  it("every vendor-side call aimed at another supplier's notice answers 404", async () => {
    const calls = [
      () => t.get(`${N}/info/${onlyA}`, vendorB),
      () => t.get(`${N}/updateIsRead/${onlyA}`, vendorB),
      () => t.get(`${N}/acknowledge/${onlyA}`, vendorB),
      () => t.post(`${N}/reply/${onlyA}`, { replyText: 'x', send: true }, vendorB),
    ];
    for (const call of calls) expect((await call()).body.code).toBe(404);
    // …and nothing of A's line changed.
    const line = await t.db
      .selectFrom('vendor_notice_item')
      .selectAll()
      .where('notice_id', '=', onlyA)
      .executeTakeFirstOrThrow();
    expect(line.read_at).toBeNull();
    expect(line.reply_state).toBe(0);
    // The inbox of B holds only what was delivered to B.
    const inbox = await t.get<{ list: { id: string }[] }>(`${N}/listByVendor`, vendorB);
    expect(inbox.body.data.list.map((n) => n.id)).toEqual([seeded]);
  });

  it("a supplier cannot open another supplier's reply files", async () => {
    const file = await upload(vendorA);
    expect(file.body.code).toBe(0);
    const own = await t.get(file.body.data.url, vendorA);
    expect(own.status).toBe(200);
    expect(String(own.headers['content-type'])).toContain('application/pdf');
    expect((await t.get(file.body.data.url, vendorB)).body.code).toBe(404);
    expect((await t.get(file.body.data.url, admin)).status).toBe(200);
    expect((await t.get(file.body.data.url, t2admin)).body.code).toBe(404);
  });

  it('supplier users get 403 on staff and tenant-administration calls', async () => {
    const calls = [
      () => t.get(`${N}/list`, vendorA),
      () => t.get(`${N}/itemList?noticeId=${seeded}`, vendorA),
      () => t.get(`${N}/queryMsgByNotice?noticeId=${seeded}`, vendorA),
      () => t.post(`${N}/save`, noticeBody([supplierA]), vendorA),
      () => t.get(`${N}/check/${seeded}`, vendorA),
      () => t.get(`${N}/reverse/${seeded}`, vendorA),
      () => t.post(`${N}/remind/${seeded}`, {}, vendorA),
      () => t.get(`${N}/export/${seeded}`, vendorA),
      () => t.get(S, vendorA),
      () => t.get(`${S}/${supplierA}`, vendorA),
      () => t.put(`${S}/${supplierA}/Actions/State`, { action: 'freeze' }, vendorA),
      () => t.get('/api/permission/Users', vendorA),
      () => t.get('/api/system/Notice', vendorA),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.body.code).toBe(403);
    }
  });

  it('staff without a supplier get 403 on the vendor-side calls', async () => {
    expect((await t.get(`${N}/listByVendor`, buyer)).body.code).toBe(403);
    // Staff have no inbox: a notice id of one answers 404 like any notice not delivered to them.
    expect((await t.get(`${N}/updateIsRead/${seeded}`, buyer)).body.code).toBe(404);
    expect((await t.post(`${N}/reply/${seeded}`, { send: false }, admin)).body.code).toBe(404);
    expect((await t.get(`${S}/Mine`, admin)).body.code).toBe(403);
    // Staff without the code see no notice either.
    expect((await t.get(`${N}/info/${seeded}`, buyer)).body.code).toBe(403);
  });

  it("a supplier's user sees its own supplier only", async () => {
    const mine = await t.get<{ id: string; supplierCode: string }>(`${S}/Mine`, vendorB);
    expect(mine.body.code).toBe(0);
    expect(mine.body.data.id).toBe(supplierB);
  });
});

describe('supplier records', () => {
  const good = () => ({
    supplierName: '测试供应商有限公司',
    creditCode: code('91110000MA1T00001'),
    legalPerson: '李四',
    registeredCapital: 1000000,
    foundDate: '2020-01-02',
    companyType: 'private',
    areaCode: '110101',
    contacts: [{ contactName: '李四', mobile: '13912340001', email: 'li@example.com' }],
    banks: [{ bankName: '工商银行', branch: '北京分行', accountNo: '6222000011112222' }],
    categories: ['raw.steel'],
    qualifications: [{ qualType: 'license', expiresOn: '2020-01-01' }],
    user: { account: 'newvendor', password: 'abc12345', realName: '李四', mobile: '13912340001' },
  });

  it('records a supplier with its code, enterprise and first user, who signs in', async () => {
    const res = await t.post<{
      id: string;
      supplierCode: string;
      entId: string;
      state: string;
      qualifications: { expiry: string }[];
    }>(S, good(), admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.supplierCode).toMatch(/^SUP\d{6}$/);
    expect(res.body.data.state).toBe('potential');
    expect(res.body.data.qualifications[0]?.expiry).toBe('expired');
    const ent = await t.db
      .selectFrom('ent')
      .select('ent_type')
      .where('id', '=', res.body.data.entId)
      .executeTakeFirstOrThrow();
    expect(ent.ent_type).toBe(2);
    const token = await t.login('newvendor', 'abc12345');
    const mine = await t.get<{ id: string }>(`${S}/Mine`, token);
    expect(mine.body.data.id).toBe(res.body.data.id);
    // The same credit code again is told plainly.
    const dup = await t.post<{ fields: Record<string, string> }>(
      S,
      { ...good(), user: undefined },
      admin,
      en,
    );
    expect(dup.body.code).toBe(400);
    expect(dup.body.data.fields.creditCode).toMatch(/already registered/);
  });

  it('answers 400 with a message per bad field', async () => {
    const bad = await t.post<{ fields: Record<string, string> }>(
      S,
      {
        ...good(),
        supplierName: '',
        creditCode: wrongCheck('91110000MA1T00001'),
        contacts: [{ contactName: 'x', mobile: '123' }],
        banks: [{ bankName: 'b', accountNo: 'abc' }],
      },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(
      expect.arrayContaining(['supplierName', 'creditCode', 'contacts.0.mobile', 'banks.0.accountNo']),
    );
    const nul = await t.post(S, { ...good(), supplierName: 'a\u0000b' }, admin);
    expect(nul.body.code).toBe(400);
    const dict = await t.post<{ fields: Record<string, string> }>(
      S,
      { ...good(), creditCode: code('91110000MA1T00009'), categories: ['nope'], user: undefined },
      admin,
    );
    expect(dict.body.code).toBe(400);
    expect(dict.body.data.fields['categories.0']).toBeTruthy();
  });

  it('the registered capital is in 万元 as at registration: more than its most is refused at its field', async () => {
    const over = await t.post<{ fields: Record<string, string> }>(
      S,
      {
        ...good(),
        creditCode: code('91110000MA1T00008'),
        registeredCapital: REGISTERED_CAPITAL_MAX * 10,
        user: undefined,
      },
      admin,
      en,
    );
    expect(over.body.code).toBe(400);
    expect(Object.keys(over.body.data.fields)).toEqual(['registeredCapital']);
  });

  it('lists with filters and paging; detail of another tenant or beyond bigint', async () => {
    const byState = await t.get<{ list: { id: string }[]; pagination: { total: number } }>(
      `${S}?state=frozen`,
      admin,
    );
    expect(byState.body.data.list.map((s) => s.id)).toEqual([supplierFrozen]);
    const byCat = await t.get<{ list: { id: string }[] }>(`${S}?categoryCode=raw`, admin);
    expect(byCat.body.data.list.map((s) => s.id)).toEqual(expect.arrayContaining([supplierA, supplierB]));
    const byArea = await t.get<{ list: { id: string }[] }>(`${S}?areaCode=320000`, admin);
    expect(byArea.body.data.list.map((s) => s.id)).toEqual([supplierB]);
    const paged = await t.get<{ list: unknown[]; pagination: { total: number; pageSize: number } }>(
      `${S}?pageSize=2&currentPage=1`,
      admin,
    );
    expect(paged.body.data.list).toHaveLength(2);
    expect(paged.body.data.pagination.total).toBeGreaterThanOrEqual(4);
    expect((await t.get(`${S}/${t2supplier}`, admin)).body.code).toBe(404);
    expect((await t.get(`${S}/${BIG}`, admin)).body.code).toBe(400);
    expect((await t.get(`${S}?state=nope`, admin)).body.code).toBe(400);
    const file = await t.get(`${S}/Actions/Export?state=qualified`, admin);
    expect(file.status).toBe(200);
    expect(file.raw.slice(0, 2)).toBe('PK');
  });

  it('each filter finds exactly its suppliers, newest first, whether the page is one or many', async () => {
    type Row = {
      id: string;
      supplierName: string;
      supplierCode: string;
      creditCode: string;
      state: string;
      areaCode: string;
      categories: string[];
    };
    type Listed = { list: Row[]; pagination: { total: number } };
    // One more supplier whose categories sit under two branches, given unsorted.
    const made = await t.post<{ id: string }>(
      S,
      {
        ...good(),
        supplierName: '华北化工原料有限公司',
        creditCode: code('91110000MA1T00011'),
        areaCode: '320102',
        categories: ['raw.chemical', 'office'],
        user: undefined,
      },
      admin,
    );
    expect(made.body.code).toBe(0);
    const all = (await t.get<Listed>(`${S}?pageSize=100`, admin)).body.data.list;
    expect(all.find((s) => s.id === made.body.data.id)?.categories).toEqual(['office', 'raw.chemical']);
    for (const s of all) {
      const detail = await t.get<{ categories: string[] }>(`${S}/${s.id}`, admin);
      expect(s.categories).toEqual(detail.body.data.categories);
    }
    const under = (s: Row, c: string) => s.categories.some((x) => x === c || x.startsWith(`${c}.`));
    const someCode = all[1]?.supplierCode ?? '';
    const cases: [string, (s: Row) => boolean][] = [
      ['categoryCode=raw', (s) => under(s, 'raw')],
      ['categoryCode=raw.steel', (s) => under(s, 'raw.steel')],
      ['categoryCode=ra', () => false],
      ['categoryCode=office&state=qualified', (s) => under(s, 'office') && s.state === 'qualified'],
      ['categoryCode=raw&areaCode=320000', (s) => under(s, 'raw') && s.areaCode.startsWith('32')],
      [`supplierName=${encodeURIComponent('有限')}`, (s) => s.supplierName.includes('有限')],
      [
        `supplierCode=${someCode.slice(1, -1).toLowerCase()}`,
        (s) => s.supplierCode.includes(someCode.slice(1, -1)),
      ],
      [`creditCode=${all[0]?.creditCode.toLowerCase()}`, (s) => s.creditCode === all[0]?.creditCode],
      ['state=qualified', (s) => s.state === 'qualified'],
      ['areaCode=320000', (s) => s.areaCode.startsWith('32')],
    ];
    for (const [filter, match] of cases) {
      const expected = all.filter(match).map((s) => s.id);
      const one = (await t.get<Listed>(`${S}?${filter}&pageSize=20`, admin)).body.data;
      expect([filter, one.list.map((s) => s.id), one.pagination.total]).toEqual([
        filter,
        expected,
        expected.length,
      ]);
      // Page by page (one row each) the same rows in the same order, and past the end nothing.
      const paged: string[] = [];
      for (let p = 1; p <= expected.length + 1; p++) {
        const res = (await t.get<Listed>(`${S}?${filter}&pageSize=1&currentPage=${p}`, admin)).body.data;
        expect(res.pagination.total).toBe(expected.length);
        paged.push(...res.list.map((s) => s.id));
      }
      expect([filter, paged]).toEqual([filter, expected]);
    }
  });

  it('freezing ends the supplier’s sessions at once and refuses sign-in; unfreezing lets it back', async () => {
    const token = await t.login('vendor2', 'vendor123');
    const frozen = await t.put<{ state: string }>(
      `${S}/${supplierB}/Actions/State`,
      { action: 'freeze' },
      admin,
    );
    expect(frozen.body.data.state).toBe('frozen');
    expect((await t.get(`${N}/listByVendor`, token)).body.code).toBe(602);
    const refused = await t.post('/api/sys/login', { userName: 'vendor2', passWord: 'vendor123' }, null, en);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/frozen/);
    expect((await t.put(`${S}/${supplierB}/Actions/State`, { action: 'qualify' }, admin)).body.code).toBe(
      409,
    );
    expect(
      (await t.put(`${S}/${supplierB}/Actions/State`, { action: 'unfreeze' }, admin)).body.data,
    ).toMatchObject({
      state: 'qualified',
    });
    vendorB = await t.login('vendor2', 'vendor123');
    expect((await t.put(`${S}/${t2supplier}/Actions/State`, { action: 'freeze' }, admin)).body.code).toBe(
      404,
    );
  });

  it('the seeded frozen supplier’s user cannot sign in', async () => {
    const res = await t.post('/api/sys/login', { userName: 'vendor3', passWord: 'vendor123' });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('冻结');
  });

  it('blacklists with a reason', async () => {
    const noReason = await t.put<{ fields: Record<string, string> }>(
      `${S}/${supplierFrozen}/Actions/Blacklist`,
      { blacklisted: true },
      admin,
    );
    expect(noReason.body.code).toBe(400);
    expect(noReason.body.data.fields.reason).toBeTruthy();
    const ok = await t.put<{ blacklisted: boolean; blacklistReason: string }>(
      `${S}/${supplierFrozen}/Actions/Blacklist`,
      { blacklisted: true, reason: '质量事故' },
      admin,
    );
    expect(ok.body.data).toMatchObject({ blacklisted: true, blacklistReason: '质量事故' });
    const listed = await t.get<{ list: { id: string }[] }>(`${S}?blacklisted=true`, admin);
    expect(listed.body.data.list.map((s) => s.id)).toEqual([supplierFrozen]);
  });
});

describe('vendor notices (§7)', () => {
  it('save: a sanitised draft with its lines; bad input and other tenants refused', async () => {
    const res = await t.post<{
      id: string;
      state: number;
      bodyHtml: string;
      items: { supplierId: string }[];
    }>(`${N}/save`, noticeBody([supplierA, supplierB]), admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.state).toBe(0);
    expect(res.body.data.bodyHtml).not.toMatch(/script|onclick/);
    expect(res.body.data.items.map((i) => i.supplierId).sort()).toEqual([supplierA, supplierB].sort());
    const bad = await t.post<{ fields: Record<string, string> }>(
      `${N}/save`,
      { title: '', supplierIds: [], replyDeadline: 'x' },
      admin,
      en,
    );
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(
      expect.arrayContaining(['title', 'supplierIds', 'replyDeadline']),
    );
    expect((await t.post(`${N}/save`, noticeBody([supplierA], { title: 'a\u0000' }), admin)).body.code).toBe(
      400,
    );
    expect((await t.post(`${N}/save`, noticeBody([BIG]), admin)).body.code).toBe(400);
    expect((await t.post(`${N}/save`, noticeBody([t2supplier]), admin)).body.code).toBe(404);
    expect(
      (await t.post(`${N}/save`, noticeBody([supplierA], { noticeType: 'nope' }), admin)).body.code,
    ).toBe(400);
    // Another tenant's draft cannot be read, edited, published or deleted.
    const id = res.body.data.id;
    expect((await t.get(`${N}/info/${id}`, t2admin)).body.code).toBe(404);
    expect((await t.post(`${N}/update`, { ...noticeBody([t2supplier]), id }, t2admin)).body.code).toBe(404);
    expect((await t.get(`${N}/check/${id}`, t2admin)).body.code).toBe(404);
    expect((await t.post(`${N}/delete`, { ids: [id] }, t2admin)).body.code).toBe(404);
    expect((await t.get(`${N}/itemList?noticeId=${id}`, t2admin)).body.code).toBe(404);
    expect((await t.get(`${N}/queryMsgByNotice?noticeId=${id}`, t2admin)).body.code).toBe(404);
    expect((await t.get(`${N}/info/${BIG}`, admin)).body.code).toBe(400);
  });

  it('update, deleteInfoById and delete act on drafts only', async () => {
    const draft = await t.post<{ id: string; items: { id: string; supplierId: string }[] }>(
      `${N}/save`,
      noticeBody([supplierA, supplierB]),
      admin,
    );
    const id = draft.body.data.id;
    const edited = await t.post<{ title: string }>(
      `${N}/update`,
      { ...noticeBody([supplierA, supplierB]), id, title: '改' },
      admin,
    );
    expect(edited.body.data.title).toBe('改');
    const lineB = draft.body.data.items.find((i) => i.supplierId === supplierB)?.id ?? '';
    const after = await t.get<{ items: unknown[] }>(`${N}/deleteInfoById/${lineB}`, admin);
    expect(after.body.data.items).toHaveLength(1);
    expect((await t.get(`${N}/deleteInfoById/${lineB}`, admin)).body.code).toBe(404);
    // Published: edit, line removal and delete are refused.
    expect((await t.post(`${N}/update`, { ...noticeBody([supplierA]), id: onlyA }, admin)).body.code).toBe(
      409,
    );
    expect((await t.post(`${N}/delete`, { ids: [onlyA] }, admin)).body.code).toBe(409);
    expect((await t.post(`${N}/delete`, { ids: [id] }, admin)).body.code).toBe(0);
    expect((await t.get(`${N}/info/${id}`, admin)).body.code).toBe(404);
    expect((await t.post(`${N}/delete`, { ids: [] }, admin)).body.code).toBe(400);
  });

  it('check publishes to active suppliers only, with a message each; reverse until a reply', async () => {
    const draft = await t.post<{ id: string }>(`${N}/save`, noticeBody([supplierA, supplierFrozen]), admin);
    const id = draft.body.data.id;
    const before = await t.db.selectFrom('sys_message').select('id').where('type', '=', 3).execute();
    // The message is titled in the recipient's own language.
    await t.db.updateTable('sys_user').set({ language: 'en-US' }).where('account', '=', 'vendor').execute();
    const published = await t.get<{ state: number; publishedAt: number }>(`${N}/check/${id}`, admin);
    expect(published.body.data.state).toBe(1);
    expect(published.body.data.publishedAt).toBeGreaterThan(0);
    expect((await t.get(`${N}/check/${id}`, admin)).body.code).toBe(409);
    const messages = await t.db
      .selectFrom('sys_message as m')
      .innerJoin('sys_user as u', 'u.id', 'm.user_id')
      .select(['u.account', 'm.menu_title', 'm.url', 'm.bill_id'])
      .where('m.type', '=', 3)
      .where('m.id', 'not in', before.length ? before.map((m) => m.id) : ['0'])
      .execute();
    expect(messages.map((m) => m.account)).toEqual(['vendor']);
    expect(messages[0]?.menu_title).toBe('Supplier notice: 测试通知');
    // Clicking it opens this notice in the supplier's inbox (not the message centre).
    expect(messages[0]?.url).toBe(`/vendorPortal/inbox?id=${id}`);
    expect(messages[0]?.bill_id).toBe('0');
    await t.db.updateTable('sys_user').set({ language: '' }).where('account', '=', 'vendor').execute();
    const items = await t.get<{ list: { supplierId: string; delivered: boolean }[] }>(
      `${N}/itemList?noticeId=${id}`,
      admin,
    );
    expect(items.body.data.list.find((i) => i.supplierId === supplierFrozen)?.delivered).toBe(false);
    // Reverse while nobody has replied: back to draft, out of the inbox.
    expect((await t.get<{ state: number }>(`${N}/reverse/${id}`, admin)).body.data.state).toBe(0);
    expect((await t.get(`${N}/info/${id}`, vendorA)).body.code).toBe(404);
    expect((await t.get(`${N}/reverse/${id}`, admin)).body.code).toBe(409);
  });

  it('the supplier reads, acknowledges and replies (draft kept, sent once); staff see the progress', async () => {
    const inbox = await t.get<{ list: { id: string; isRead: number }[] }>(`${N}/listByVendor`, vendorA);
    expect(inbox.body.data.list.every((n) => n.isRead === 0)).toBe(true);
    expect(inbox.body.data.list.map((n) => n.id)).toEqual(expect.arrayContaining([seeded, onlyA]));
    const read = await t.get<{ mine: { readAt: number; readByName: string } }>(
      `${N}/updateIsRead/${onlyA}`,
      vendorA,
    );
    expect(read.body.data.mine.readAt).toBeGreaterThan(0);
    expect(read.body.data.mine.readByName).toBe('李供应');
    const unreadFirst = await t.get<{ list: { id: string; isRead: number }[] }>(`${N}/listByVendor`, vendorA);
    expect(unreadFirst.body.data.list.at(-1)?.id).toBe(onlyA);
    const ack = await t.get<{ mine: { ackAt: number } }>(`${N}/acknowledge/${onlyA}`, vendorA);
    expect(ack.body.data.mine.ackAt).toBeGreaterThan(0);
    const file = await upload(vendorA, '回复.pdf');
    const draft = await t.post<{ mine: { replyState: number; replyText: string } }>(
      `${N}/reply/${onlyA}`,
      { replyText: '草稿', fileIds: [file.body.data.id], send: false },
      vendorA,
    );
    expect(draft.body.data.mine).toMatchObject({ replyState: 1, replyText: '草稿' });
    // What waits for the supplier (its home page): read but not yet answered still does.
    const open = async () =>
      (await t.get<{ list: { id: string }[] }>(`${N}/listByVendor?open=1`, vendorA)).body.data.list.map(
        (n) => n.id,
      );
    expect(await open()).toEqual(expect.arrayContaining([seeded, onlyA]));
    // A draft is the supplier's own: staff see no text yet.
    const staffView = await t.get<{ list: { replyText: string }[] }>(
      `${N}/queryMsgByNotice?noticeId=${onlyA}`,
      admin,
    );
    expect(staffView.body.data.list.map((l) => l.replyText)).toEqual(['']);
    const sent = await t.post<{ mine: { replyState: number; files: unknown[] } }>(
      `${N}/reply/${onlyA}`,
      { replyText: '已确认', fileIds: [file.body.data.id], send: true },
      vendorA,
    );
    expect(sent.body.data.mine.replyState).toBe(2);
    // Read and answered: no longer waiting; the unread one still is.
    expect(await open()).not.toContain(onlyA);
    expect(await open()).toContain(seeded);
    expect((await t.get(`${N}/listByVendor?open=yes`, vendorA)).body.code).toBe(400);
    expect(sent.body.data.mine.files).toHaveLength(1);
    expect((await t.post(`${N}/reply/${onlyA}`, { replyText: 'again', send: true }, vendorA)).body.code).toBe(
      409,
    );
    // Someone else's file cannot be attached.
    const bFile = await upload(vendorB);
    expect(
      (
        await t.post(
          `${N}/reply/${seeded}`,
          { replyText: 'x', fileIds: [bFile.body.data.id], send: false },
          vendorA,
        )
      ).body.code,
    ).toBe(404);
    expect((await t.post(`${N}/reply/${seeded}`, { send: 'yes' }, vendorA)).body.code).toBe(400);
    // Reverse is refused after a reply.
    expect((await t.get(`${N}/reverse/${onlyA}`, admin)).body.code).toBe(409);
    const msgs = await t.get<{
      summary: Record<string, number>;
      list: { replyText: string; files: { url: string }[] }[];
    }>(`${N}/queryMsgByNotice?noticeId=${onlyA}`, admin);
    expect(msgs.body.data.summary).toMatchObject({
      targets: 1,
      delivered: 1,
      read: 1,
      acknowledged: 1,
      replied: 1,
      overdue: 0,
    });
    expect(msgs.body.data.list[0]?.replyText).toBe('已确认');
    const url = msgs.body.data.list[0]?.files[0]?.url ?? '';
    expect((await t.get(url, admin)).status).toBe(200);
    const items = await t.get<{ list: { replyState: number; readByName: string }[] }>(
      `${N}/itemList?noticeId=${onlyA}&status=replied`,
      admin,
    );
    expect(items.body.data.list).toMatchObject([{ replyState: 2, readByName: '李供应' }]);
    const list = await t.get<{ list: { id: string; repliedCount: number; readCount: number }[] }>(
      `${N}/list?state=1`,
      admin,
    );
    expect(list.body.data.list.find((n) => n.id === onlyA)).toMatchObject({ repliedCount: 1, readCount: 1 });
  });

  it('a reply to send has text or a file, by the rule the inbox form checks first; a draft may be empty', async () => {
    const created = await t.post<{ id: string }>(`${N}/save`, noticeBody([supplierA]), admin);
    const id = created.body.data.id;
    expect((await t.get(`${N}/check/${id}`, admin)).body.code).toBe(0);
    const refused = async (replyText: string) => {
      const res = await t.post<{ fields: Record<string, string> }>(
        `${N}/reply/${id}`,
        { replyText, send: true },
        vendorA,
        en,
      );
      expect(res.body.code).toBe(400);
      return res.body.data.fields.replyText;
    };
    const required = validationMessage('validation.required', 'en-US');
    expect(await refused('')).toBe(required);
    expect(await refused('  \n ')).toBe(required);
    expect(await refused('a\u0000b')).toBe(validationMessage('validation.badCharacters', 'en-US'));
    // The shared rule answers the same for the same replies, and lets a file stand for the text.
    expect(vendorReplyProblem({ replyText: '  \n ', fileCount: 0, send: true })).toBe('validation.required');
    expect(vendorReplyProblem({ replyText: 'a\u0000b', fileCount: 1, send: false })).toBe(
      'validation.badCharacters',
    );
    expect(vendorReplyProblem({ replyText: '', fileCount: 1, send: true })).toBeNull();
    expect(vendorReplyProblem({ replyText: 'x'.repeat(5001), fileCount: 0, send: true })).toBe(
      'validation.tooLong',
    );
    // Nothing was kept by the refusals; an empty draft is fine.
    const draft = await t.post<{ mine: { replyState: number } }>(
      `${N}/reply/${id}`,
      { replyText: '', send: false },
      vendorA,
    );
    expect(draft.body.data.mine.replyState).toBe(1);
    // Gone again, for the tests after this one.
    expect((await t.get(`${N}/reverse/${id}`, admin)).body.code).toBe(0);
    expect((await t.post(`${N}/delete`, { ids: [id] }, admin)).body.code).toBe(0);
  });

  it('overdue lines, reminders to non-repliers, and the export', async () => {
    await t.db
      .updateTable('vendor_notice')
      .set({ reply_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', seeded)
      .execute();
    const overdue = await t.get<{ list: { supplierId: string; overdue: boolean }[] }>(
      `${N}/itemList?noticeId=${seeded}&status=overdue`,
      admin,
    );
    expect(overdue.body.data.list.map((i) => i.supplierId).sort()).toEqual([supplierA, supplierB].sort());
    expect((await t.post(`${N}/reply/${seeded}`, { replyText: 'late', send: true }, vendorB)).body.code).toBe(
      409,
    );
    const reminded = await t.post<{ reminded: number }>(`${N}/remind/${seeded}`, {}, admin);
    expect(reminded.body.data.reminded).toBe(2);
    const file = await t.get(`${N}/export/${seeded}`, admin);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('attachment');
    expect(file.raw.slice(0, 2)).toBe('PK');
    const link = await t.get<{ url: string }>(`${N}/export/${seeded}?link=true`, admin);
    expect(link.body.data.url).toMatch(/temp-download/);
    expect((await t.get(`${N}/export/${seeded}`, t2admin)).body.code).toBe(404);
  });

  it('uploads: PDF or image by content, not anything else', async () => {
    const text = await upload(admin, 'x.pdf', Buffer.from('hello'));
    expect(text.body.code).toBe(400);
    expect((await upload(buyer)).body.code).toBe(403);
  });
});

describe('over the socket', () => {
  let base: string;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of open) s.close();
  });

  it("publishing pushes the new counts to the target supplier's users (the badge), not to others", async () => {
    const a = await TestSocket.open(base, vendorA);
    const b = await TestSocket.open(base, vendorB);
    open.push(a, b);
    const draft = await t.post<{ id: string }>(
      `${N}/save`,
      noticeBody([supplierA], { title: '徽标' }),
      admin,
    );
    expect((await t.get(`${N}/check/${draft.body.data.id}`, admin)).body.code).toBe(0);
    const push = await a.next('messagePush', (f) => f.title === '供应商通知：徽标');
    expect(push.unreadMessageCount).toBeGreaterThan(0);
    await settle();
    expect(b.all('messagePush').filter((f) => f.title === '供应商通知：徽标')).toEqual([]);
  });

  it("freezing closes the supplier's sockets at once", async () => {
    const token = await t.login('vendor2', 'vendor123');
    const socket = await TestSocket.open(base, token);
    open.push(socket);
    expect((await t.put(`${S}/${supplierB}/Actions/State`, { action: 'freeze' }, admin)).body.code).toBe(0);
    const logout = await socket.next('logout');
    expect(logout.msg).toContain('冻结');
    await settle();
    expect(socket.closed).toBe(true);
    expect((await t.put(`${S}/${supplierB}/Actions/State`, { action: 'unfreeze' }, admin)).body.code).toBe(0);
  });
});
