import type { UserImportResult } from '@srm/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTenantIds, multipartFile, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let tenantId: string;
let adminId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const en = { 'accept-language': 'en-US' };
const BASE = '/api/permission/Users/Actions';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const multipart = (content: Buffer, filename = 'users.xlsx') => multipartFile(filename, content, XLSX);

const upload = (token: string, content: Buffer, headers: Record<string, string> = {}) => {
  const m = multipart(content);
  return t.request<UserImportResult & { fields?: Record<string, string> }>({
    method: 'POST',
    url: `${BASE}/Import`,
    payload: m.payload,
    headers: { ...m.headers, authorization: `Bearer ${token}`, ...headers },
  });
};

/** A sheet like the template: hint, header, data rows. */
async function sheet(
  rows: string[][],
  header = ['账号*', '姓名*', '手机*', '邮箱', '部门', '角色', '初始密码'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('users');
  ws.addRow(['hint']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(content: Buffer | string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((typeof content === 'string' ? Buffer.from(content, 'base64') : content) as never);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

const binary = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sys_user')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  ({ tenantId, adminId } = await demoTenantIds(t.db));
  other = await t.seedOtherTenant('ox');
  await t.db
    .insertInto('sys_dept')
    .values({
      tenant_id: other.tenantId,
      parent_id: other.depts.head ?? '0',
      dept_name: '外租户部门',
      dept_type: 'department',
      en_code: 'foreignDept',
      order_num: 9,
      enabled: true,
    })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('import template', () => {
  it("has the hint, the headers in the caller's language and an example row", async () => {
    const res = await binary(`${BASE}/ImportTemplate`, admin, en);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toContain('user-import-template.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]?.[0]).toContain('abc12345');
    expect(rows[1]).toEqual([
      'Account*',
      'Name*',
      'Mobile*',
      'Email',
      'Department (name or code)',
      'Roles (names or codes, comma separated)',
      'Initial password',
    ]);
    expect(rows[2]?.[0]).toBe('zhangsan');
    const zh = await readXlsx((await binary(`${BASE}/ImportTemplate`, admin)).rawPayload);
    expect(zh[1]?.[0]).toBe('账号*');
  });

  it('needs the import code', async () => {
    const res = await t.get(`${BASE}/ImportTemplate`, buyer);
    expect(res.body.code).toBe(403);
  });
});

describe('import', () => {
  it('imports 48 good rows in one go and reports exactly the 2 bad ones', async () => {
    const rows: string[][] = [];
    for (let i = 1; i <= 50; i++)
      rows.push([
        `imp${i}`,
        `导入${i}`,
        `139${String(i).padStart(8, '0')}`,
        `imp${i}@example.com`,
        '采购部',
        'buyer',
        '',
      ]);
    rows[9] = ['imp10', '导入10', '12345', '', '', '', '']; // sheet row 12: bad mobile
    rows[29] = ['buyer', '导入30', '13900000030', '', '', '', '']; // sheet row 32: account taken
    const before = await userCount();
    const res = await upload(admin, await sheet(rows), en);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toBe('48 imported, 2 failed');
    expect(res.body.data).toMatchObject({ total: 50, imported: 48, failed: 2 });
    expect(res.body.data.errors).toEqual([
      { row: 12, column: 'Mobile', message: 'please enter your mobile number correctly' },
      { row: 32, column: 'Account', message: 'This account already exists' },
    ]);
    expect(await userCount()).toBe(before + 48);
    const imported = await t.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_dept as d', 'd.id', 'u.dept_id')
      .select(['u.id', 'u.account', 'u.created_by', 'd.en_code'])
      .where('u.account', '=', 'imp1')
      .executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ created_by: adminId, en_code: 'purchase' });
    const roles = await t.db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', imported.id)
      .execute();
    expect(roles).toHaveLength(1);
    expect(await t.db.selectFrom('sys_user').select('id').where('account', '=', 'imp10').execute()).toEqual(
      [],
    );
    // The default password signs in.
    await t.login('imp2', 'abc12345');
    // The error report holds the two rows as typed with an error column.
    const report = await readXlsx(res.body.data.errorReport ?? '');
    expect(report).toHaveLength(3);
    expect(report[0]?.at(-1)).toBe('Error');
    expect(report[1]?.slice(0, 2)).toEqual(['12', 'imp10']);
    expect(report[1]?.at(-1)).toContain('please enter your mobile number correctly');
    expect(report[2]?.slice(0, 2)).toEqual(['32', 'buyer']);
  });

  it('checks every column: duplicates in the file, department, roles, email, password; other tenants are not found', async () => {
    const res = await upload(
      admin,
      await sheet([
        ['dup1', '重复一', '13900000101', '', '', '', ''],
        ['dup1', '重复二', '13900000102', '', '', '', ''],
        ['nodept', '无部门', '13900000103', '', '不存在的部门', '', ''],
        ['norole', '无角色', '13900000104', '', 'finance', 'buyer，ghost', ''],
        ['bademail', '坏邮箱', '13900000105', 'not-an-email', '', '', 'short'],
        ['foreign', '外租户', '13900000106', '', '外租户部门', '', ''],
        ['a b', '', '', '', '', '', ''],
      ]),
      en,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ total: 7, imported: 1, failed: 6 });
    expect(res.body.data.errors).toEqual([
      { row: 4, column: 'Account', message: 'Same account as row 3' },
      { row: 5, column: 'Department (name or code)', message: 'Department "不存在的部门" does not exist' },
      { row: 6, column: 'Roles (names or codes, comma separated)', message: 'Role "ghost" does not exist' },
      { row: 7, column: 'Email', message: 'Please enter a valid email address' },
      {
        row: 7,
        column: 'Initial password',
        message: 'Password of 6-16 characters (letters and digits, both required)',
      },
      { row: 8, column: 'Department (name or code)', message: 'Department "外租户部门" does not exist' },
      { row: 9, column: 'Account', message: 'Only letters and digits are allowed' },
      { row: 9, column: 'Name', message: 'This field is required' },
      { row: 9, column: 'Mobile', message: expect.any(String) },
    ]);
    expect(
      await t.db.selectFrom('sys_user').select('account').where('account', '=', 'dup1').execute(),
    ).toHaveLength(1);
  });

  it('reports cells with a NUL or a lone surrogate as row errors; the clean rows import', async () => {
    const bad = 'Contains characters that are not allowed (such as NUL)';
    // `_x0000_` and `_xD800_` are the sheet's escapes: they read back as U+0000 and a lone U+D800.
    const res = await upload(
      admin,
      await sheet([
        ['nul_x0000_acct', '空字符', '13900000201', '', '', '', ''],
        ['surr1', '孤_xD800_代', '13900000202', '', '', '', ''],
        ['deptnul', '部门', '13900000203', '', '采购_x0000_部', 'buyer_xDC00_', ''],
        ['cleanrow', '干净', '13900000204', '', '', '', ''],
      ]),
      en,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ total: 4, imported: 1, failed: 3 });
    expect(res.body.data.errors).toEqual([
      { row: 3, column: 'Account', message: bad },
      { row: 4, column: 'Name', message: bad },
      { row: 5, column: 'Department (name or code)', message: bad },
      { row: 5, column: 'Roles (names or codes, comma separated)', message: bad },
    ]);
    const zh = await upload(admin, await sheet([['surr2', '孤_xD800_代', '13900000205', '', '', '', '']]));
    expect(zh.body.data.errors).toEqual([
      { row: 3, column: '姓名', message: '包含不允许的字符（如空字符）' },
    ]);
    expect(
      (
        await t.db
          .selectFrom('sys_user')
          .select('account')
          .where('account', 'in', ['surr1', 'surr2', 'deptnul', 'cleanrow'])
          .execute()
      ).map((r) => r.account),
    ).toEqual(['cleanrow']);
    // The error report opens, with the bad characters shown as U+FFFD.
    const report = await readXlsx(res.body.data.errorReport ?? '');
    expect(report.map((r) => r.slice(0, 3))).toEqual([
      ['Row', 'Account*', 'Name*'],
      ['3', 'nul\uFFFDacct', '空字符'],
      ['4', 'surr1', '孤\uFFFD代'],
      ['5', 'deptnul', '部门'],
    ]);
  });

  it('reads an English header and reports in Chinese by default', async () => {
    const res = await upload(
      admin,
      await sheet(
        [['eng1', 'Eng One', '139', '', '', '', '']],
        ['Account*', 'Name*', 'Mobile*', 'Email', 'Department (name or code)', 'Roles', 'Initial password'],
      ),
    );
    expect(res.body.data.errors).toEqual([{ row: 3, column: '手机', message: '请输入正确的手机号码' }]);
  });

  it('400 for no file, a file that is not .xlsx, no header, too many rows or too many bytes', async () => {
    const before = await userCount();
    const none = await t.post<{ fields: Record<string, string> }>(`${BASE}/Import`, {}, admin, en);
    expect(none.body).toMatchObject({
      code: 400,
      data: { fields: { file: 'Choose an Excel file (.xlsx) to import' } },
    });
    const text = await upload(admin, Buffer.from('account,name\nx,y\n'), en);
    expect(text.body).toMatchObject({ code: 400, msg: 'The file is not a valid Excel (.xlsx) file' });
    const noHeader = await upload(admin, await sheet([['x']], ['foo', 'bar']), en);
    expect(noHeader.body).toMatchObject({
      code: 400,
      msg: 'No header row found: please use the import template',
    });
    const many = Array.from({ length: 5001 }, (_, i) => [`many${i}`, 'M', '13900000000', '', '', '', '']);
    const tooMany = await upload(admin, await sheet(many), en);
    expect(tooMany.body).toMatchObject({ code: 400, msg: 'At most 5000 rows per import; the file has 5001' });
    const big = await upload(admin, Buffer.alloc(5 * 1024 * 1024 + 10, 1), en);
    expect(big.body).toMatchObject({ code: 400, msg: 'The file cannot exceed 5M' });
    expect(await userCount()).toBe(before);
  });

  it('403 without the import code, and nothing changes', async () => {
    const before = await userCount();
    const res = await upload(buyer, await sheet([['sneaky1', 'S', '13900000111', '', '', '', '']]));
    expect(res.body.code).toBe(403);
    expect(await userCount()).toBe(before);
  });
});

describe('export', () => {
  it('exports the filtered list with every column to the administrator', async () => {
    const res = await binary(`${BASE}/Export?keyword=buyer`, admin, en);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Account',
      'Name',
      'Mobile',
      'Email',
      'Department',
      'Status',
      'Last sign-in',
      'Created',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['buyer']);
    expect(rows[1]?.slice(2, 6)).toEqual(['13800000001', 'buyer@example.com', '华东采购部', 'Enabled']);
  });

  it('buyer: his company only, without mobile and email', async () => {
    const res = await binary(`${BASE}/Export`, buyer, en);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Account', 'Name', 'Department', 'Status', 'Last sign-in', 'Created']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['buyer']);
    const list = await t.get<{ list: Record<string, unknown>[] }>('/api/permission/Users', buyer);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).not.toHaveProperty('mobile');
    expect(list.body.data.list[0]).not.toHaveProperty('email');
    // Without the mobile column, the keyword does not match mobile numbers either.
    const byMobile = await t.get<{ list: unknown[] }>('/api/permission/Users?keyword=13800000001', buyer);
    expect(byMobile.body.data.list).toHaveLength(0);
    const adminByMobile = await t.get<{ list: unknown[] }>(
      '/api/permission/Users?keyword=13800000001',
      admin,
    );
    expect(adminByMobile.body.data.list).toHaveLength(1);
    const admins = await t.get<{ list: Record<string, unknown>[] }>(
      '/api/permission/Users?keyword=buyer',
      admin,
    );
    expect(admins.body.data.list[0]).toMatchObject({ mobile: '13800000001', email: 'buyer@example.com' });
  });

  it('400 on a bad filter, 403 without the export code, 404 for another tenant department', async () => {
    const bad = await t.get<{ fields: Record<string, string> }>(`${BASE}/Export?enabled=maybe`, admin, en);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data.fields).toHaveProperty('enabled');
    expect((await t.get(`${BASE}/Export`, vendor)).body.code).toBe(403);
    expect((await t.get(`${BASE}/Export?deptId=${other.depts.head}`, admin)).body.code).toBe(404);
    expect(tenantId).not.toBe(other.tenantId);
  });
});
