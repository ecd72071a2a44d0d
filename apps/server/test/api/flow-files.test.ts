import { deflateSync } from 'node:zlib';
import { FileApi, type FlowFile, FlowTaskApi, type FlowTaskDetail, type FlowTaskSaved } from '@srm/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/core/password';
import { NEW_USER_ROW } from '../../src/db/new-user-row';
import { createTestApp, multipartFile, type TestApp, uploadFile } from '../helpers';
import { workflowTenant } from '../workflow-tenant';

/**
 * Task attachments (`POST /api/workflow/Engine/FlowTask/Upload`, served by
 * `GET /api/file/Download/flowTask/{id}`): checked by content and size, bound to the task that names
 * them, and served only to those who may see the task — the launcher, the approvers, a copy's
 * reader, the monitor — and to nobody else of the tenant or of another tenant (404 alike).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof workflowTenant>>;
let stranger: string;
let outsiderFile: FlowFile;
const en = { 'accept-language': 'en-US' };
const B = '/api/flow/FlowEngine/FlowBefore';

/** A whole PNG (signature, header, one pixel of data, end chunk). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    // The CRC is not checked by the server; a constant keeps the test short.
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]),
  ]);
}
const PNG = png();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let XLSX: Buffer;

const upload = (token: string, name: string, content: Buffer, headers: Record<string, string> = {}) =>
  uploadFile<FlowFile>(t, FlowTaskApi.upload, token, { name, content }, headers);
const download = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const codeOf = (res: { statusCode: number; body: string }) => {
  try {
    return (JSON.parse(res.body) as { code: number }).code;
  } catch {
    return res.statusCode;
  }
};
const pr = (attachments: unknown, reason = '带附件的采购') => ({
  deptId: w.depts.eastPurchase,
  requesterId: w.ids.buyer,
  reason,
  neededBy: '2030-12-31',
  lines: [{ item: '物料', unit: '个', quantity: 1, price: 10, spec: '' }],
  attachments,
});
const launch = (formData: Record<string, unknown>, token = w.buyer, submit = true) =>
  t.post<FlowTaskSaved>(
    '/api/workflow/Form/PurchaseRequisition',
    { flowId: w.ids.purchase, formData, submit },
    token,
    en,
  );

beforeAll(async () => {
  t = await createTestApp();
  w = await workflowTenant(t, 'ff', '附件', '139000031');
  // A user of the tenant with no part in any task.
  const admin = await t.db
    .selectFrom('sys_user')
    .select(['tenant_id', 'ent_id', 'dept_id'])
    .where('id', '=', w.ids.admin)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('sys_user')
    .values({
      ...NEW_USER_ROW,
      tenant_id: admin.tenant_id,
      ent_id: admin.ent_id,
      dept_id: admin.dept_id,
      account: 'ffstranger',
      mobile: '13900003199',
      real_name: '路人',
      email: '',
      password_hash: await hashPassword('stranger123'),
      enabled: true,
    })
    .execute();
  stranger = await t.login('ffstranger', 'stranger123');
  const book = new ExcelJS.Workbook();
  book.addWorksheet('报价').addRow(['物料', 10]);
  XLSX = Buffer.from(await book.xlsx.writeBuffer());
  // An upload of the demo tenant (another tenant for ff's users).
  outsiderFile = (await upload(w.outsider, 'theirs.pdf', PDF)).body.data;
});
afterAll(async () => {
  await t?.close();
});

describe('uploading', () => {
  it('keeps a PDF, an image and an Excel file by content, named for what they are', async () => {
    const pdf = await upload(w.buyer, '报价单.pdf', PDF);
    expect(pdf.body.code, pdf.body.msg).toBe(0);
    expect(pdf.body.data).toMatchObject({
      name: '报价单.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(pdf.body.data.url).toBe(`${FileApi.download}/flowTask/${pdf.body.data.id}`);
    const image = await upload(w.buyer, 'photo', PNG);
    expect(image.body.data).toMatchObject({ name: 'photo.png', contentType: 'image/png' });
    // A file named like a page is kept as what it is: it never opens as HTML.
    const sheet = await upload(w.buyer, 'quote.html', XLSX);
    expect(sheet.body.data.name).toBe('quote.html.xlsx');
    expect(sheet.body.data.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('answers 400, never 500, to a bad, truncated, oversized or missing file', async () => {
    const html = await upload(w.buyer, 'a.pdf', Buffer.from('<html><script>alert(1)</script></html>'), en);
    expect([html.body.code, html.body.msg]).toEqual([
      400,
      'Only PDF, image, Word, Excel or PowerPoint files can be uploaded',
    ]);
    // The start of a PNG, a PDF and a workbook without their ends: an upload cut short.
    for (const cut of [PNG.subarray(0, 40), PDF.subarray(0, 20), XLSX.subarray(0, XLSX.length - 30)]) {
      const res = await upload(w.buyer, 'cut', cut, en);
      expect([res.body.code, res.body.msg]).toEqual([
        400,
        'The file is damaged or incomplete: upload it again',
      ]);
    }
    // A zip that is no Office file.
    const zip = Buffer.concat([
      Buffer.from('PK\u0003\u0004hello'),
      Buffer.from('PK\u0005\u0006'),
      Buffer.alloc(18),
    ]);
    expect((await upload(w.buyer, 'a.zip', zip)).body.code).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooBig = await upload(w.buyer, 'big.pdf', big, en);
    expect([tooBig.body.code, tooBig.body.msg]).toEqual([400, 'The file cannot exceed 5 MB']);
    const boundary = '----srmcut';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const truncated = await t.request({
      method: 'POST',
      url: FlowTaskApi.upload,
      payload: body,
      headers: {
        authorization: `Bearer ${w.buyer}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect([truncated.status, truncated.body.code]).toEqual([200, 400]);
    const none = await t.post(FlowTaskApi.upload, { file: 'x' }, w.buyer);
    expect(none.body.code).toBe(400);
    expect(
      await t.db.selectFrom('flow_file').select('id').where('file_name', 'like', 'cut%').execute(),
    ).toEqual([]);
  });

  it('needs a session', async () => {
    const body = multipartFile('a.pdf', PDF);
    const res = await t.request({ method: 'POST', url: FlowTaskApi.upload, ...body });
    expect(res.body.code).toBe(600);
  });
});

describe('downloading', () => {
  let taskId: string;
  let files: FlowFile[];

  it('serves an upload on no task to its uploader alone', async () => {
    const file = (await upload(w.buyer, 'draft.pdf', PDF)).body.data;
    expect((await download(file.url, w.buyer)).statusCode).toBe(200);
    for (const who of [w.manager, w.admin, stranger, w.outsider])
      expect(codeOf(await download(file.url, who))).toBe(404);
  });

  it('binds the files a launched task names; its form holds the records, not what the client sent', async () => {
    const pdf = (await upload(w.buyer, '报价单.pdf', PDF)).body.data;
    const image = (await upload(w.buyer, 'photo.png', PNG)).body.data;
    const sheet = (await upload(w.buyer, 'quote.xlsx', XLSX)).body.data;
    const saved = await launch(
      pr([
        { id: pdf.id, name: 'renamed.exe', url: 'https://elsewhere.example/x' },
        { id: image.id },
        { id: sheet.id, name: sheet.name },
      ]),
    );
    expect(saved.body.code, saved.body.msg).toBe(0);
    taskId = saved.body.data.id;
    const detail = await t.get<FlowTaskDetail>(`${B}/${taskId}`, w.manager);
    files = detail.body.data.formData.attachments as FlowFile[];
    expect(files).toEqual([pdf, image, sheet]);
  });

  it('serves them to the launcher, the approver and the monitor, with a safe type and disposition', async () => {
    const [pdf, image, sheet] = files as [FlowFile, FlowFile, FlowFile];
    for (const who of [w.buyer, w.manager, w.admin]) {
      const res = await download(pdf.url, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('报价单.pdf')}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await download(image.url, w.manager)).headers['content-type']).toBe('image/png');
    const xlsx = await download(sheet.url, w.manager);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="quote\.xlsx"/);
    expect(xlsx.rawPayload.equals(XLSX)).toBe(true);
    // The token as a query parameter, for a plain link.
    expect((await download(`${pdf.url}?token=${encodeURIComponent(w.manager)}`)).statusCode).toBe(200);
  });

  it('is 404 to a user of the tenant without a part in the task, to another tenant, without a session 600', async () => {
    for (const file of files) {
      expect(codeOf(await download(file.url, stranger))).toBe(404);
      expect(codeOf(await download(file.url, w.outsider))).toBe(404);
      expect(codeOf(await download(file.url))).toBe(600);
    }
    expect(codeOf(await download(`${FileApi.download}/flowTask/99999999`, w.buyer))).toBe(404);
    expect(codeOf(await download(`${FileApi.download}/flowTask/abc`, w.buyer))).toBe(404);
    // The other tenant's own file is not served to ff's users either.
    expect(codeOf(await download(outsiderFile.url, w.admin))).toBe(404);
    expect((await download(outsiderFile.url, w.outsider)).statusCode).toBe(200);
  });

  it('serves them to a reader the approver copies the task to', async () => {
    const todo = await t.post<{ list: { id: string; operatorId: string }[] }>(
      `${B}/List/1`,
      { pageSize: 100 },
      w.manager,
    );
    const op = todo.body.data.list.find((i) => i.id === taskId)?.operatorId as string;
    const stranger_ = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', 'ffstranger')
      .executeTakeFirstOrThrow();
    const audit = await t.post(
      `${B}/Audit/${op}`,
      { handleOpinion: '同意', copyIds: [String(stranger_.id)] },
      w.manager,
    );
    expect(audit.body.code, audit.body.msg).toBe(0);
    expect((await download((files[0] as FlowFile).url, stranger)).statusCode).toBe(200);
  });
});

describe('naming files in a form', () => {
  it('refuses another user’s upload, another task’s file and another tenant’s, at the field', async () => {
    const mine = (await upload(w.buyer, 'a.pdf', PDF)).body.data;
    // The manager may not attach the buyer's upload to a task of his own.
    const theirs = await launch(pr([{ id: mine.id }]), w.manager);
    expect(theirs.body.code).toBe(404);
    expect((theirs.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
      attachments: 'Not found',
    });
    expect((await launch(pr([{ id: outsiderFile.id }]))).body.code).toBe(404);
    const first = await launch(pr([{ id: mine.id }]));
    expect(first.body.code).toBe(0);
    // Bound to the first task: not to be named by another.
    expect((await launch(pr([{ id: mine.id }]))).body.code).toBe(404);
    const bad = await launch(pr([{ id: '1 or 1=1' }]));
    expect(bad.body.code).toBe(400);
    expect((await launch(pr('x'))).body.code).toBe(400);
    expect((await launch(pr([{ name: 'old.png', url: '/api/file/Image/flowTask/x.png' }]))).body.code).toBe(
      400,
    );
  });

  it('keeps a draft’s files across edits and adds new ones', async () => {
    const one = (await upload(w.buyer, 'one.pdf', PDF)).body.data;
    const draft = await launch(pr([{ id: one.id }]), w.buyer, false);
    expect(draft.body.code, draft.body.msg).toBe(0);
    const two = (await upload(w.buyer, 'two.png', PNG)).body.data;
    const edited = await t.put<FlowTaskSaved>(
      `/api/workflow/Engine/FlowTask/${draft.body.data.id}`,
      { formData: pr([{ id: one.id }, { id: two.id }]), submit: true },
      w.buyer,
    );
    expect(edited.body.code, edited.body.msg).toBe(0);
    const detail = await t.get<FlowTaskDetail>(`${B}/${draft.body.data.id}`, w.manager);
    expect((detail.body.data.formData.attachments as FlowFile[]).map((f) => f.name)).toEqual([
      'one.pdf',
      'two.png',
    ]);
    expect((await download(two.url, w.manager)).statusCode).toBe(200);
  });
});
