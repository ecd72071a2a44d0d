import { type APIRequestContext, expect } from '@playwright/test';
import { randomMobile, sessionHeaders } from './helpers';

// The contracts' creditCodeCheckChar can't be imported here: its module loads the validation texts
// as JSON, which Playwright's loader refuses (no import attribute); the check is short.
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** A valid unified social credit code (GB 32100 check character) from 7 digits. */
export function creditCode(digits: string): string {
  return withCheckChar(`91110000MA${digits.padStart(7, '0').slice(-7)}`);
}

/** The 17 first characters of a credit code with their check character. */
export function withCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++)
    sum += CREDIT_CHARS.indexOf(first17[i] as string) * (CREDIT_WEIGHTS[i] as number);
  return first17 + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** The smallest file the server takes for a PDF (it checks the content, not the name). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Envelope<T> = { code: number; msg: string; data: T };

/** The answer's data, once its envelope says it succeeded. */
export async function call<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/**
 * A qualified supplier of the test's own, made through the API as a user would: the buyer invites
 * it, it registers from the link (steel, 中国银行, legal person 张三), and the admission flow's two
 * steps are approved by the buyer (purchasing) and the manager (quality). A spec that changes a
 * supplier's data starts from the same state on every run and on a retry, whatever the others did.
 */
export async function admittedSupplier(
  request: APIRequestContext,
  o: { supplierName: string; account: string; password: string; creditCode?: string },
): Promise<void> {
  const buyer = await sessionHeaders(request, 'buyer', 'buyer123');
  const manager = await sessionHeaders(request, 'manager', 'manager123');
  const mobile = randomMobile();
  const { link } = await call<{ link: string }>(
    request.post('/api/base/vendor/Invitation', {
      headers: buyer,
      data: { companyName: o.supplierName, contactName: '李四', mobile, days: 3 },
    }),
  );
  const invitationToken = new URL(link, 'http://x').searchParams.get('invite') as string;
  const { tenant } = await call<{ tenant: string }>(
    request.get(`/api/base/vendor/register/invitation/${invitationToken}`),
  );
  const file = await call<{ id: string; key: string }>(
    request.post(`/api/base/vendor/register/upload?tenant=${tenant}`, {
      multipart: { file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF } },
    }),
  );
  const { applicationNo } = await call<{ applicationNo: string }>(
    request.post('/api/base/vendor/register', {
      data: {
        invitationToken,
        supplierName: o.supplierName,
        creditCode: o.creditCode ?? creditCode(String(Math.floor(Math.random() * 1e7))),
        legalPerson: '张三',
        registeredCapital: 2000,
        foundDate: '2009-03-18',
        companyType: 'private',
        areaCode: '110101',
        address: '东城区钢材市场 8 号',
        businessScope: '板材、型材批发',
        categories: ['raw.steel'],
        contact: { contactName: '李四', mobile, email: `${o.account}@example.com`, phone: '' },
        bank: { bankName: '中国银行', branch: '北京分行', accountNo: '6217000012345678' },
        qualifications: [
          { qualType: 'license', fileId: file.id, fileKey: file.key, expiresOn: '2030-12-31' },
        ],
        account: o.account,
        password: o.password,
        confirmPassword: o.password,
      },
    }),
  );
  // Each step: the approver's own open to-do on the application's task.
  for (const [approver, formData] of [
    [buyer, { rating: 4, reviewComment: '资料齐全' }],
    [manager, { rating: 5 }],
  ] as const) {
    const { list } = await call<{ list: { applicationNo: string; operatorId: string | null }[] }>(
      request.get(`/api/base/vendor/Application?keyword=${encodeURIComponent(o.supplierName)}`, {
        headers: approver,
      }),
    );
    const operatorId = list.find((a) => a.applicationNo === applicationNo)?.operatorId;
    expect(operatorId, `an open to-do on ${applicationNo}`).toBeTruthy();
    await call(
      request.post(`/api/flow/FlowEngine/FlowBefore/Audit/${operatorId}`, {
        headers: approver,
        data: { handleOpinion: '同意', formData },
      }),
    );
  }
}

/**
 * A notice of the test's own to the demo supplier (示例供应商有限公司), saved and published through
 * the API by `headers` (staff); answers its id. `removeNotice` takes it out of the inbox again.
 */
export async function publishedNotice(
  request: APIRequestContext,
  headers: Record<string, string>,
  notice: { title: string; bodyHtml: string; replyRequired?: boolean },
): Promise<string> {
  const { list } = await call<{ list: { id: string; supplierName: string }[] }>(
    request.get(`/api/base/vendor/Supplier?keyword=${encodeURIComponent('示例供应商')}`, { headers }),
  );
  const supplierId = list.find((s) => s.supplierName === '示例供应商有限公司')?.id;
  expect(supplierId).toBeTruthy();
  const { id } = await call<{ id: string }>(
    request.post('/api/base/vendorNotice/save', {
      headers,
      data: { replyRequired: false, ...notice, supplierIds: [supplierId] },
    }),
  );
  await call(request.get(`/api/base/vendorNotice/check/${id}`, { headers }));
  return id;
}

/** Back to draft and deleted: nothing of a test's notice stays in the supplier's inbox. */
export async function removeNotice(request: APIRequestContext, headers: Record<string, string>, id: string) {
  await request.get(`/api/base/vendorNotice/reverse/${id}`, { headers });
  await request.post('/api/base/vendorNotice/delete', { headers, data: { ids: [id] } });
}
