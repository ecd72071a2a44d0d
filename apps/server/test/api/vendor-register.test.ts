import { type Application, creditCodeCheckChar, type Invitation, type Page } from '@srm/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenant } from '../../src/setup/seed';
import { createTestApp, multipartFile, type TestApp } from '../helpers';

/**
 * Supplier self-registration and admission: the public form's checks field by
 * field, the proof of work, duplicates, the per-address limit, invitations, the admission flow
 * (purchasing then quality) approving — one enterprise and one user who signs in — or rejecting with
 * the reason kept and a corrected resubmission, a further category, and a change of bank data.
 */
let t: TestApp;
let buyer: string;
let manager: string;
let admin: string;
let tenantId: string;
const R = '/api/base/vendor/register';
const en = { 'accept-language': 'en-US' };
const FAST = { rateLimit: 1000, altchaCost: 1, altchaCounter: [1, 30] as [number, number] };
const code = (first17: string) => first17 + creditCodeCheckChar(first17);
let serial = 0;
/** A fresh valid credit code per application. */
const nextCode = () => code(`91110000MA${String(1_000_000 + serial++).slice(1)}X`);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(app: TestApp, content = PDF, name = 'licence.pdf') {
  const m = multipartFile(name, content);
  return app.request<{ id: string; key: string }>({
    method: 'POST',
    url: `${R}/upload?tenant=vr`,
    headers: { ...m.headers, ...en },
    payload: m.payload,
  });
}

async function solved(app: TestApp): Promise<string> {
  const res = await app.get<{ parameters: Record<string, unknown>; signature: string }>(`${R}/challenge`);
  const challenge = res.body.data as never;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function form(app: TestApp, over: Record<string, unknown> = {}) {
  const file = (await upload(app)).body.data;
  const n = serial;
  return {
    tenant: 'vr',
    supplierName: `测试供应商${n}有限公司`,
    creditCode: nextCode(),
    legalPerson: '张三',
    registeredCapital: 500,
    foundDate: '2015-06-01',
    companyType: 'private',
    areaCode: '110101',
    address: '东城区示例路 1 号',
    businessScope: '钢材销售',
    categories: ['raw.steel'],
    contact: {
      contactName: '李四',
      mobile: `1390000${String(1000 + n).slice(-4)}`,
      email: 'li@example.com',
      phone: '',
    },
    bank: { bankName: '中国银行', branch: '北京分行', accountNo: '6217000012345678' },
    qualifications: [{ qualType: 'license', fileId: file.id, fileKey: file.key, expiresOn: '2030-12-31' }],
    account: `newvendor${n}`,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    ...over,
  };
}

/** The field messages of a refused call. */
const fieldsOf = (res: { body: { data: unknown } }) =>
  (res.body.data as { fields: Record<string, string> }).fields;

const register = async (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = en) =>
  app.post<{ applicationNo: string; token: string; status: string }>(
    R,
    { altcha: await solved(app), ...body },
    null,
    headers,
  );

const applications = (token: string) =>
  t.get<Page<Application>>('/api/base/vendor/Application?pageSize=100', token);
/** An application as the administrator lists it, with `operatorId` the open to-do of `token`'s user on its task. */
const appOf = async (no: string, token = buyer) => {
  const app = (await applications(admin)).body.data.list.find((a) => a.applicationNo === no) as Application;
  const todo = await t.post<Page<{ id: string; operatorId: string }>>(
    '/api/flow/FlowEngine/FlowBefore/List/1',
    { pageSize: 100 },
    token,
  );
  return { ...app, operatorId: todo.body.data.list.find((i) => i.id === app.taskId)?.operatorId ?? null };
};
const audit = (operatorId: string, token: string, formData: Record<string, unknown> = {}) =>
  t.post<{ status: number }>(
    `/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`,
    { handleOpinion: '同意', formData },
    token,
  );
const reject = (operatorId: string, token: string, opinion: string) =>
  t.post(`/api/flow/FlowEngine/FlowBefore/Reject/${operatorId}`, { handleOpinion: opinion }, token);
const count = async (table: 'ent' | 'sys_user' | 'vendor_supplier' | 'vendor_application') =>
  Number((await t.db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

/** Purchasing then quality approve an application; answers the final status. */
async function approveAll(no: string) {
  const first = await appOf(no);
  expect(first.operatorId).not.toBeNull();
  expect(
    (await audit(first.operatorId as string, buyer, { rating: 4, reviewComment: '资料齐全' })).body.code,
  ).toBe(0);
  const second = await appOf(no, manager);
  expect(second.status).toBe('inReview');
  return audit(second.operatorId as string, manager, { rating: 5 });
}

beforeAll(async () => {
  t = await createTestApp({ register: FAST });
  const seeded = await seedTenant(t.db, {
    code: 'vr',
    name: '注册租户',
    entName: '注册集团',
    vendorEntName: '注册供应商',
    accountPrefix: 'vr',
    mobilePrefix: '139100002',
    workflowDemo: true,
  });
  tenantId = seeded.tenantId;
  buyer = await t.login('vrbuyer', 'buyer123');
  manager = await t.login('vrmanager', 'manager123');
  admin = await t.login('vradmin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('the public form', () => {
  it('offers the tenant’s categories, qualification and company types in the caller’s language', async () => {
    const res = await t.get<{
      categories: { code: string; name: string; children?: unknown[] }[];
      qualificationTypes: { code: string; name: string }[];
    }>(`${R}/options?tenant=vr`, null, en);
    expect(res.body.code).toBe(0);
    expect(res.body.data.categories.find((c) => c.code === 'raw')?.children).toHaveLength(2);
    expect(res.body.data.qualificationTypes.find((q) => q.code === 'license')?.name).toBe('Business licence');
    expect((await t.get(`${R}/options?tenant=nope`)).body.code).toBe(404);
  });

  it('offers the address cascader its areas without sign-in: children, bad input, an unknown parent', async () => {
    const CHILDREN = '/api/common/Area/children';
    const provinces = await t.get<{ code: string; isLeaf: boolean }[]>(CHILDREN);
    expect(provinces.body.code).toBe(0);
    expect(provinces.body.data.map((a) => a.code)).toContain('110000');
    const districts = await t.get<{ code: string }[]>(`${CHILDREN}?parentCode=110100`);
    expect(districts.body.data.map((a) => a.code)).toContain('110101');
    const bad = await t.get<{ fields: Record<string, string> }>(`${CHILDREN}?parentCode=abc`, null, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields.parentCode).toBeDefined();
    const unknown = await t.get<unknown[]>(`${CHILDREN}?parentCode=990000`);
    expect(unknown.body.code).toBe(0);
    expect(unknown.body.data).toEqual([]);
  });

  it('refuses each bad field with a translated message at that field, and stores nothing', async () => {
    const before = await count('vendor_application');
    const base = await form(t);
    const other = (await upload(t)).body.data;
    const cases: [Record<string, unknown>, string][] = [
      [{ supplierName: '' }, 'supplierName'],
      [
        { creditCode: `${base.creditCode.slice(0, 17)}${base.creditCode.endsWith('0') ? '1' : '0'}` },
        'creditCode',
      ],
      [{ creditCode: 'abc' }, 'creditCode'],
      [{ legalPerson: '张三<script>' }, 'legalPerson'],
      [{ areaCode: 'x1' }, 'areaCode'],
      [{ areaCode: '999999' }, 'areaCode'],
      [{ address: '' }, 'address'],
      [{ businessScope: '' }, 'businessScope'],
      [{ categories: [] }, 'categories'],
      [{ categories: ['nosuch'] }, 'categories.0'],
      [{ companyType: 'nosuch' }, 'companyType'],
      [{ contact: { ...base.contact, mobile: '12345' } }, 'contact.mobile'],
      [{ contact: { ...base.contact, email: 'not-an-email' } }, 'contact.email'],
      [{ contact: { ...base.contact, phone: 'abc' } }, 'contact.phone'],
      [{ bank: { ...base.bank, accountNo: '12' } }, 'bank.accountNo'],
      [{ bank: { ...base.bank, bankName: '' } }, 'bank.bankName'],
      [{ qualifications: [{ ...base.qualifications[0], qualType: 'iso9001' }] }, 'qualifications'],
      [{ qualifications: [{ ...base.qualifications[0], fileKey: other.key }] }, 'qualifications.0.fileId'],
      [
        { qualifications: [{ ...base.qualifications[0], expiresOn: '2030-13-45' }] },
        'qualifications.0.expiresOn',
      ],
      [{ account: 'bad account!' }, 'account'],
      [{ password: 'short', confirmPassword: 'short' }, 'password'],
      [{ confirmPassword: 'abc12346' }, 'confirmPassword'],
      [{ supplierName: 'a\u0000b' }, 'supplierName'],
    ];
    for (const [over, fieldName] of cases) {
      const res = await register(t, { ...base, ...over });
      expect(res.body.code, JSON.stringify(over)).toBe(400);
      expect(Object.keys(fieldsOf(res)), JSON.stringify(over)).toContain(fieldName);
    }
    expect(await count('vendor_application')).toBe(before);
  });

  it('needs a solved proof of work, which works once', async () => {
    const body = await form(t);
    const none = await t.post(R, body, null, en);
    expect(none.body.code).toBe(400);
    expect(fieldsOf(none).altcha).toMatch(/human check/);
    const garbage = await t.post(R, { ...body, altcha: Buffer.from('{"x":1}').toString('base64') }, null, en);
    expect(fieldsOf(garbage).altcha).toBeDefined();
    const altcha = await solved(t);
    expect((await t.post(R, { ...body, altcha }, null, en)).body.code).toBe(0);
    const replay = await t.post(R, { ...(await form(t)), altcha }, null, en);
    expect(fieldsOf(replay).altcha).toBeDefined();
  });

  it('tells a duplicate credit code or account plainly: one application in flight per credit code', async () => {
    const first = await form(t);
    expect((await register(t, first)).body.code).toBe(0);
    const sameCode = await register(t, await form(t, { creditCode: first.creditCode }));
    expect(fieldsOf(sameCode).creditCode).toMatch(/already in review/);
    const sameAccount = await register(t, await form(t, { account: first.account }));
    expect(fieldsOf(sameAccount).account).toMatch(/already taken/);
    const existingUser = await register(t, await form(t, { account: 'vrbuyer' }));
    expect(fieldsOf(existingUser).account).toMatch(/already taken/);
  });

  it('limits submissions per client address', async () => {
    const small = await createTestApp({ register: { ...FAST, rateLimit: 2 } });
    try {
      await seedTenant(small.db, {
        code: 'vr',
        name: 'x',
        entName: 'x',
        vendorEntName: 'y',
        accountPrefix: 'vz',
        mobilePrefix: '139100003',
      });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await small.post(R, { tenant: 'vr' }, null, en)).body.code);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await small.close();
    }
  });

  it('refuses a file that is not a PDF or an image by its content', async () => {
    const res = await upload(t, Buffer.from('MZ\u0090\u0000 not a pdf'), 'fake.pdf');
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/PDF or image/);
  });
});

describe('invitations', () => {
  it('a one-time link that prefills the form, skips the proof of work and shows invited → registered → admitted', async () => {
    const created = await t.post<Invitation & { link: string }>(
      '/api/base/vendor/Invitation',
      { companyName: '受邀供应商有限公司', contactName: '王五', mobile: '13912345678', days: 3 },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(created.body.data.status).toBe('invited');
    const token = created.body.data.link.split('invite=')[1] as string;
    const prefill = await t.get<{ companyName: string; tenant: string }>(`${R}/invitation/${token}`);
    expect(prefill.body.data).toMatchObject({ companyName: '受邀供应商有限公司', tenant: 'vr' });
    const body = await form(t, { supplierName: '受邀供应商有限公司', tenant: undefined });
    const sent = await t.post<{ applicationNo: string }>(R, { ...body, invitationToken: token }, null, en);
    expect(sent.body.code).toBe(0);
    const again = await t.post(R, { ...(await form(t)), invitationToken: token }, null, en);
    expect(fieldsOf(again).invitationToken).toMatch(/invalid, already used or expired/);
    expect((await t.get(`${R}/invitation/${token}`)).body.code).toBe(404);
    const list = async () =>
      (await t.get<Page<Invitation>>('/api/base/vendor/Invitation', admin)).body.data.list.find(
        (i) => i.id === created.body.data.id,
      );
    expect((await list())?.status).toBe('registered');
    // The inviting buyer launched it: the application is his task.
    expect((await approveAll(sent.body.data.applicationNo)).body.code).toBe(0);
    expect((await list())?.status).toBe('admitted');
  });

  it('an expired link is refused', async () => {
    const created = await t.post<Invitation & { link: string }>(
      '/api/base/vendor/Invitation',
      { companyName: '过期供应商', contactName: '赵六', email: 'z@example.com' },
      admin,
    );
    const token = created.body.data.link.split('invite=')[1] as string;
    await t.db
      .updateTable('vendor_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.body.data.id)
      .execute();
    expect((await t.get(`${R}/invitation/${token}`)).body.code).toBe(404);
    const sent = await t.post(R, { ...(await form(t)), invitationToken: token }, null, en);
    expect(sent.body.code).toBe(400);
    expect(
      (await t.get<Page<Invitation>>('/api/base/vendor/Invitation?status=expired', admin)).body.data.list.map(
        (i) => i.id,
      ),
    ).toContain(created.body.data.id);
  });

  it('needs the invitation codes (the buyer role holds them), and is not for suppliers', async () => {
    const vendor = await t.login('vrvendor', 'vendor123');
    expect((await t.get('/api/base/vendor/Invitation', buyer)).body.code).toBe(0);
    expect((await t.get('/api/base/vendor/Application', buyer)).body.code).toBe(0);
    // A staff member without the codes.
    const created = await t.post(
      '/api/permission/Users',
      { account: 'vrnobody', realName: '无权限', mobile: '13912300001', password: 'nobody123', roleIds: [] },
      admin,
    );
    expect(created.body.code).toBe(0);
    const nobody = await t.login('vrnobody', 'nobody123');
    expect((await t.get('/api/base/vendor/Invitation', nobody)).body.code).toBe(403);
    expect((await t.get('/api/base/vendor/Application', nobody)).body.code).toBe(403);
    expect(
      (
        await t.post(
          '/api/base/vendor/Invitation',
          { companyName: 'x', contactName: 'y', mobile: '13912345678' },
          nobody,
        )
      ).body.code,
    ).toBe(403);
    expect((await t.get('/api/base/vendor/Invitation', vendor)).body.code).toBe(403);
    expect(
      (
        await t.post(
          '/api/base/vendor/Invitation',
          { companyName: 'x', contactName: 'y', mobile: '13912345678' },
          vendor,
        )
      ).body.code,
    ).toBe(403);
    const bad = await t.post(
      '/api/base/vendor/Invitation',
      { companyName: 'x', contactName: 'y' },
      admin,
      en,
    );
    expect(fieldsOf(bad).mobile).toBeDefined();
  });
});

describe('admission (a workflow)', () => {
  it('approval by purchasing then quality creates exactly one enterprise and one user, who signs in', async () => {
    const body = await form(t);
    const sent = await register(t, body);
    expect(sent.body.code).toBe(0);
    const { applicationNo: no, token } = sent.body.data;
    const status = (access: Record<string, string>) =>
      t.post<{ status: string; rejectReason: string }>(`${R}/status`, { no, ...access }, null, en);
    expect((await status({ token })).body.data.status).toBe('submitted');
    expect((await status({ mobile: body.contact.mobile })).body.data.status).toBe('submitted');
    expect((await status({ mobile: '13800009999' })).body.code).toBe(404);
    expect((await status({ token: 'x'.repeat(32) })).body.code).toBe(404);
    // Quality cannot act before purchasing.
    expect((await appOf(no, admin)).operatorId).toBeNull();
    const [ents, users, suppliers] = [
      await count('ent'),
      await count('sys_user'),
      await count('vendor_supplier'),
    ];
    expect((await approveAll(no)).body.data.status).toBe(2);
    expect([await count('ent'), await count('sys_user'), await count('vendor_supplier')]).toEqual([
      ents + 1,
      users + 1,
      suppliers + 1,
    ]);
    const supplier = await t.db
      .selectFrom('vendor_supplier')
      .selectAll()
      .where('credit_code', '=', body.creditCode)
      .executeTakeFirstOrThrow();
    expect(supplier.state).toBe('qualified');
    expect(supplier.supplier_code).toMatch(/\d/);
    const app = await t.db
      .selectFrom('vendor_application')
      .selectAll()
      .where('app_no', '=', no)
      .executeTakeFirstOrThrow();
    expect([app.status, app.rating, app.review_comment]).toEqual(['approved', 5, '资料齐全']);
    expect((await status({ token })).body.data.status).toBe('approved');
    // The chosen account signs in, with the account or the mobile, and finds the welcome message.
    const vendor = await t.login(body.account, 'abc12345');
    await t.login(body.contact.mobile, 'abc12345');
    const mine = await t.get<{
      supplierName: string;
      categoryLines: { categoryCode: string; qualified: boolean }[];
      qualifications: { file: { url: string } | null }[];
    }>('/api/base/vendor/Supplier/Mine', vendor);
    expect(mine.body.data.supplierName).toBe(body.supplierName);
    expect(mine.body.data.categoryLines).toEqual([{ categoryCode: 'raw.steel', qualified: true }]);
    // Written in English, the application's language, which the new user starts with.
    const messages = async () =>
      (
        await t.db
          .selectFrom('sys_message as m')
          .innerJoin('sys_user as u', 'u.id', 'm.user_id')
          .select('m.menu_title')
          .where('u.account', '=', body.account)
          .orderBy('m.id')
          .execute()
      ).map((m) => m.menu_title);
    expect(await messages()).toEqual(['Welcome: your supplier admission was approved']);
    const newUser = await t.db
      .selectFrom('sys_user')
      .select(['id', 'language'])
      .where('account', '=', body.account)
      .executeTakeFirstOrThrow();
    expect(newUser.language).toBe('en-US');
    // The first user is the supplier's administrator.
    expect(String(supplier.admin_user_id)).toBe(String(newUser.id));
    // The licence is the supplier's own file now.
    const file = await t.get(mine.body.data.qualifications[0]?.file?.url ?? '', vendor);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    // A further category goes through admission for that category only.
    const applied = await t.post<Application>(
      '/api/base/vendor/CategoryApply',
      { categories: ['office'] },
      vendor,
    );
    expect(applied.body.code).toBe(0);
    const again = await t.post('/api/base/vendor/CategoryApply', { categories: ['office'] }, vendor, en);
    expect(fieldsOf(again)['categories.0']).toBeDefined();
    const lines = async () =>
      (
        await t.get<{ categoryLines: { categoryCode: string; qualified: boolean }[] }>(
          '/api/base/vendor/Supplier/Mine',
          vendor,
        )
      ).body.data.categoryLines;
    expect(await lines()).toEqual([{ categoryCode: 'raw.steel', qualified: true }]);
    await approveAll(applied.body.data.applicationNo);
    expect(await lines()).toEqual([
      { categoryCode: 'office', qualified: true },
      { categoryCode: 'raw.steel', qualified: true },
    ]);
    // The staff's list shows the new category and finds the supplier by it at once.
    const byOffice = await t.get<{ list: { id: string; categories: string[] }[] }>(
      '/api/base/vendor/Supplier?categoryCode=office',
      admin,
    );
    expect(byOffice.body.data.list.find((s) => s.id === String(supplier.id))?.categories).toEqual([
      'office',
      'raw.steel',
    ]);
    expect(await count('ent')).toBe(ents + 1);

    // A change of bank data applies only once approved.
    const banks = async () =>
      (
        await t.get<{ banks: { accountNo: string }[] }>('/api/base/vendor/Supplier/Mine', vendor)
      ).body.data.banks.map((b) => b.accountNo);
    const change = await t.post<{ id: string; status: string }>(
      '/api/base/vendor/Change',
      {
        kind: 'bank',
        reason: '更换开户行',
        bank: [{ bankName: '工商银行', branch: '东城支行', accountNo: '6222000011112222' }],
      },
      vendor,
    );
    expect(change.body.data.status).toBe('submitted');
    expect(
      (
        await t.post(
          '/api/base/vendor/Change',
          { kind: 'bank', bank: [{ bankName: 'x', accountNo: '123456' }] },
          vendor,
        )
      ).body.code,
    ).toBe(409);
    expect(await banks()).toEqual(['6217000012345678']);
    const todo = await t.post<Page<{ id: string; operatorId: string; title: string }>>(
      '/api/flow/FlowEngine/FlowBefore/List/1',
      { pageSize: 100 },
      buyer,
    );
    const item = todo.body.data.list.find((i) => i.title.startsWith('供应商信息变更'));
    expect((await audit(item?.operatorId as string, buyer)).body.code).toBe(0);
    expect(await banks()).toEqual(['6222000011112222']);
    const changes = await t.get<{ status: string; before: unknown; after: unknown }[]>(
      '/api/base/vendor/Change',
      vendor,
    );
    expect(changes.body.data[0]?.status).toBe('approved');
    // Old → new stays readable after it applied.
    expect(changes.body.data[0]?.before).toEqual({
      bank: [body.bank],
    });
    expect(changes.body.data[0]?.after).toEqual({
      bank: [{ bankName: '工商银行', branch: '东城支行', accountNo: '6222000011112222' }],
    });
    // Asking for what already stands is refused plainly.
    const same = await t.post(
      '/api/base/vendor/Change',
      { kind: 'bank', bank: [{ bankName: '工商银行', branch: '东城支行', accountNo: '6222000011112222' }] },
      vendor,
      en,
    );
    expect([same.body.code, same.body.msg]).toEqual([
      400,
      'The new values are the same as the current ones: there is nothing to change',
    ]);

    // A legal change applies only the fields it changed: an address edited in the profile while it
    // was in review stays.
    const profile = (await t.get<Record<string, unknown>>('/api/base/vendor/Supplier/Mine', vendor)).body
      .data;
    const legal = {
      supplierName: profile.supplierName,
      legalPerson: '新法人',
      registeredCapital: 800,
      companyType: profile.companyType,
      areaCode: profile.areaCode,
      address: profile.address,
      businessScope: profile.businessScope,
    };
    expect((await t.post('/api/base/vendor/Change', { kind: 'legal', legal }, vendor)).body.code).toBe(0);
    const edited = await t.put(
      '/api/base/vendor/Supplier/Mine',
      {
        areaCode: profile.areaCode,
        address: '审核期间改的地址',
        businessScope: profile.businessScope,
        contacts: (profile.contacts as { id: string }[]).map(({ id: _id, ...c }) => c),
      },
      vendor,
    );
    expect(edited.body.code).toBe(0);
    const legalTodo = await t.post<Page<{ operatorId: string; title: string }>>(
      '/api/flow/FlowEngine/FlowBefore/List/1',
      { pageSize: 100 },
      buyer,
    );
    const legalItem = legalTodo.body.data.list.find((i) => i.title.startsWith('供应商信息变更'));
    expect((await audit(legalItem?.operatorId as string, buyer)).body.code).toBe(0);
    const after = (await t.get<Record<string, unknown>>('/api/base/vendor/Supplier/Mine', vendor)).body.data;
    expect([after.legalPerson, after.registeredCapital, after.address]).toEqual([
      '新法人',
      800,
      '审核期间改的地址',
    ]);
    // Both approvals are in the supplier's history, field by field.
    const history = await t.get<
      Page<{ action: string; changes: { field: string; from: string; to: string }[] }>
    >(`/api/base/vendor/Supplier/${after.id}/History`, admin);
    const decided = history.body.data.list.filter((h) => h.action === 'change' || h.action === 'categories');
    expect(decided.map((h) => [h.action, h.changes.map((c) => c.field)])).toEqual([
      ['change', ['legalPerson', 'registeredCapital']],
      ['change', ['banks']],
      ['categories', ['categories']],
    ]);
    expect(decided[0]?.changes[0]).toEqual({ field: 'legalPerson', from: body.legalPerson, to: '新法人' });
    // Later messages follow the user's own language (traditional Chinese, chosen since).
    await t.db.updateTable('sys_user').set({ language: 'zh-TW' }).where('id', '=', newUser.id).execute();
    const second = await t.post(
      '/api/base/vendor/Change',
      { kind: 'bank', bank: [{ bankName: '建设银行', branch: '', accountNo: '6227000011113333' }] },
      vendor,
    );
    expect(second.body.code).toBe(0);
    const todo2 = await t.post<Page<{ id: string; operatorId: string; title: string }>>(
      '/api/flow/FlowEngine/FlowBefore/List/1',
      { pageSize: 100 },
      buyer,
    );
    const item2 = todo2.body.data.list.find((i) => i.title.startsWith('供应商信息变更'));
    expect((await reject(item2?.operatorId as string, buyer, '账号不符')).status).toBe(200);
    expect(await messages()).toEqual([
      'Welcome: your supplier admission was approved',
      'Your further supply categories were admitted',
      'Your change was approved and applied',
      'Your change was approved and applied',
      '資訊變更被駁回：账号不符',
    ]);
    // Staff are not suppliers.
    expect((await t.get('/api/base/vendor/Change', buyer)).body.code).toBe(403);
  });

  it('rejection keeps the reason and creates nothing; the applicant corrects and resubmits', async () => {
    const body = await form(t);
    const sent = await register(t, body);
    const { applicationNo: no, token } = sent.body.data;
    const [ents, users] = [await count('ent'), await count('sys_user')];
    const first = await appOf(no);
    const before = await t.post<{ submittedAt: number }>(`${R}/status`, { no, token }, null, en);
    // The decision comes later than the submission, however fast the test runs.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await reject(first.operatorId as string, buyer, '营业执照不清晰')).body.code).toBe(0);
    const status = await t.post<{
      status: string;
      rejectReason: string;
      submittedAt: number;
      decidedAt: number;
      form: Record<string, unknown>;
    }>(`${R}/status`, { no, token }, null, en);
    expect(status.body.data).toMatchObject({ status: 'rejected', rejectReason: '营业执照不清晰' });
    // Submitted when it was sent, not when it was decided.
    expect(status.body.data.submittedAt).toBe(before.body.data.submittedAt);
    expect(status.body.data.decidedAt).toBeGreaterThan(status.body.data.submittedAt);
    expect(status.body.data.form?.creditCode).toBe(body.creditCode);
    expect([await count('ent'), await count('sys_user')]).toEqual([ents, users]);
    // Another application with the same credit code may start now; then this one's resubmit says so.
    const resubmit = (over: Record<string, unknown> = {}) =>
      t.post(`${R}/resubmit`, { ...status.body.data.form, no, token, ...over }, null, en);
    const file = (await upload(t)).body.data;
    expect((await resubmit({ businessScope: '' })).body.code).toBe(400);
    const ok = await resubmit({
      supplierName: `${body.supplierName}改`,
      qualifications: [{ qualType: 'license', fileId: file.id, fileKey: file.key, expiresOn: '2031-01-01' }],
    });
    expect(ok.body.code).toBe(0);
    // The to-do names the corrected company, in the reader's language.
    const todo = async (locale: Record<string, string>) =>
      (
        await t.post<Page<{ id: string; title: string }>>(
          '/api/flow/FlowEngine/FlowBefore/List/1',
          { pageSize: 100 },
          buyer,
          locale,
        )
      ).body.data.list.find((i) => i.id === first.taskId)?.title;
    expect(await todo(en)).toBe(`Supplier admission: ${body.supplierName}改`);
    expect(await todo({ 'accept-language': 'zh-TW' })).toBe(`供應商准入：${body.supplierName}改`);
    expect((await resubmit()).body.code).toBe(409);
    expect((await t.post<{ status: string }>(`${R}/status`, { no, token }, null, en)).body.data.status).toBe(
      'submitted',
    );
    expect((await approveAll(no)).body.data.status).toBe(2);
    expect([await count('ent'), await count('sys_user')]).toEqual([ents + 1, users + 1]);
    await t.login(body.account, 'abc12345');
  });

  it('number and mobile never take an application: no form, no resubmit; the secret link alone corrects it', async () => {
    const body = await form(t);
    const { applicationNo: no, token } = (await register(t, body)).body.data;
    const first = await appOf(no);
    expect((await reject(first.operatorId as string, buyer, '银行账户不符')).body.code).toBe(0);
    const stored = () =>
      t.db
        .selectFrom('vendor_application')
        .select(['password_hash', 'mobile', 'form_data', 'status'])
        .where('app_no', '=', no)
        .executeTakeFirstOrThrow();
    const kept = await stored();

    // 1. The status by number and mobile: the state and the reason, nothing of the form.
    const byMobile = await t.post<Record<string, unknown>>(
      `${R}/status`,
      { no, mobile: body.contact.mobile },
      null,
      en,
    );
    expect(byMobile.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: '银行账户不符',
      byLink: false,
      form: null,
      account: '',
      supplierName: '',
    });
    expect(JSON.stringify(byMobile.body.data)).not.toContain(body.bank.accountNo);
    expect(JSON.stringify(byMobile.body.data)).not.toContain(body.creditCode);

    // 2. The resubmit with number and mobile (the attacker's password, mobile and bank): refused.
    const attack = {
      ...body,
      no,
      mobile: body.contact.mobile,
      password: 'taken123',
      confirmPassword: 'taken123',
      contact: { ...body.contact, mobile: '13700001111' },
      bank: { bankName: '攻击银行', branch: '', accountNo: '6222999988887777' },
    };
    delete (attack as Record<string, unknown>).account;
    const noSecret = await t.post(`${R}/resubmit`, attack, null, en);
    expect(noSecret.body.code).toBe(400);
    expect(fieldsOf(noSecret).token).toBeDefined();
    // 3. A guessed secret: the same 404 as an unknown number.
    const guessed = await t.post(`${R}/resubmit`, { ...attack, token: 'x'.repeat(32) }, null, en);
    expect(guessed.body.code).toBe(404);
    // Password, contact mobile and bank account as the applicant left them; still rejected.
    expect(await stored()).toEqual(kept);

    // 4. The secret link reads the form and corrects it, leaving the password alone.
    const byLink = await t.post<{ byLink: boolean; form: Record<string, unknown>; account: string }>(
      `${R}/status`,
      { no, token },
      null,
      en,
    );
    expect(byLink.body.data).toMatchObject({ byLink: true, account: body.account });
    expect(byLink.body.data.form.bank).toEqual(body.bank);
    const corrected = await t.post(
      `${R}/resubmit`,
      {
        ...byLink.body.data.form,
        no,
        token,
        bank: { ...body.bank, accountNo: '6217000099990000' },
        address: '东城区示例路 2 号',
      },
      null,
      en,
    );
    expect(corrected.body.code).toBe(0);
    const after = await stored();
    expect([after.status, after.password_hash, after.mobile]).toEqual([
      'submitted',
      kept.password_hash,
      kept.mobile,
    ]);

    // 5. The approver reads what changed, bank data first, in his language.
    const task = await t.get<{ formData: { changes: unknown } }>(
      `/api/flow/FlowEngine/FlowBefore/${first.taskId}`,
      buyer,
      en,
    );
    expect(task.body.data.formData.changes).toEqual([
      { field: 'bank.accountNo', before: body.bank.accountNo, after: '6217000099990000' },
      { field: 'address', before: body.address, after: '东城区示例路 2 号' },
    ]);
    expect((await approveAll(no)).body.data.status).toBe(2);
    // The applicant's own password signs in; the attacker's never does.
    await t.login(body.account, 'abc12345');
    await expect(t.login(body.account, 'taken123')).rejects.toThrow(/refused/);
  });

  it('the applications list needs the page code; another tenant sees none of them', async () => {
    const vendor = await t.login('vrvendor', 'vendor123');
    expect((await applications(vendor)).body.code).toBe(403);
    expect((await applications(admin)).body.data.pagination.total).toBeGreaterThan(0);
    const demoAdmin = await t.login('admin', 'admin123');
    expect((await applications(demoAdmin)).body.data.pagination.total).toBe(0);
    expect(tenantId).toBeTruthy();
  });
});
