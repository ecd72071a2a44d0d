import { BUSINESS_LICENCE_CODE, type InvitationPrefill } from '@srm/contracts/core';
import dayjs, { type Dayjs } from 'dayjs';

/** An uploaded file as the form holds it (the key claims the anonymous upload at submit). */
export interface FileRef {
  id: string;
  key: string;
  /** Empty for a file kept from an earlier submission (the status answer does not name it). */
  fileName: string;
}

export interface QualificationRow {
  qualType?: string;
  file?: FileRef;
  expiresOn?: Dayjs | null;
}

/** The registration form's values (antd Form names; dates as dayjs, the area as its path). */
export interface RegisterValues {
  supplierName: string;
  creditCode: string;
  legalPerson: string;
  registeredCapital?: number | null;
  foundDate?: Dayjs | null;
  companyType?: string;
  area?: string[];
  address: string;
  businessScope: string;
  categories: string[];
  contact: { contactName: string; mobile: string; email?: string; phone?: string };
  bank: { bankName: string; branch?: string; accountNo: string };
  qualifications: QualificationRow[];
  account: string;
  password: string;
  confirmPassword: string;
}

/** The steps of the form and the fields each one checks before the next (paths checked recursively). */
export const STEPS = [
  {
    key: 'company',
    fields: [
      'supplierName',
      'creditCode',
      'legalPerson',
      'registeredCapital',
      'foundDate',
      'companyType',
      'area',
      'address',
      'businessScope',
    ],
  },
  { key: 'categories', fields: ['categories'] },
  { key: 'contact', fields: ['contact'] },
  { key: 'bank', fields: ['bank'] },
  { key: 'qualifications', fields: ['qualifications'] },
  { key: 'account', fields: ['account', 'password', 'confirmPassword'] },
] as const;

/** The step holding a field (by its first name), or -1. */
export function stepOf(name: string | number | undefined): number {
  return STEPS.findIndex((s) => (s.fields as readonly (string | number | undefined)[]).includes(name));
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The company, categories, contact, bank and qualifications as the server's form takes them. */
export function toFormBody(v: RegisterValues): Record<string, unknown> {
  return {
    supplierName: text(v.supplierName),
    creditCode: text(v.creditCode).toUpperCase(),
    legalPerson: text(v.legalPerson),
    registeredCapital: v.registeredCapital ?? null,
    foundDate: day(v.foundDate),
    companyType: v.companyType ?? '',
    areaCode: v.area?.at(-1) ?? '',
    address: text(v.address),
    businessScope: text(v.businessScope),
    categories: v.categories ?? [],
    contact: {
      contactName: text(v.contact?.contactName),
      mobile: text(v.contact?.mobile),
      email: text(v.contact?.email),
      phone: text(v.contact?.phone),
    },
    bank: {
      bankName: text(v.bank?.bankName),
      branch: text(v.bank?.branch),
      accountNo: text(v.bank?.accountNo),
    },
    qualifications: (v.qualifications ?? []).map((q) => ({
      qualType: q.qualType ?? '',
      fileId: q.file?.id ?? '',
      fileKey: q.file?.key ?? '',
      expiresOn: day(q.expiresOn) ?? '',
    })),
  };
}

/** A district code as the cascader's value: province, city, district. */
export function areaPathOf(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return code ? [code] : [];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
  return path.filter((c, i) => path.indexOf(c) === i);
}

/** A new form: one row for the business licence, which every application carries. */
export function emptyValues(): Partial<RegisterValues> {
  return { categories: [], qualifications: [{ qualType: BUSINESS_LICENCE_CODE }] };
}

/** What an invitation prefills. */
export function invitedValues(prefill: InvitationPrefill): Partial<RegisterValues> {
  return {
    ...emptyValues(),
    supplierName: prefill.companyName,
    contact: { contactName: prefill.contactName, mobile: prefill.mobile, email: prefill.email },
  };
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const date = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);

/** A rejected application's stored form (the status answer) as the form's values, for correcting it. */
export function storedValues(form: Record<string, unknown>): Partial<RegisterValues> {
  const contact = record(form.contact);
  const bank = record(form.bank);
  const quals = Array.isArray(form.qualifications) ? form.qualifications.map(record) : [];
  return {
    supplierName: str(form.supplierName),
    creditCode: str(form.creditCode),
    legalPerson: str(form.legalPerson),
    registeredCapital: typeof form.registeredCapital === 'number' ? form.registeredCapital : null,
    foundDate: date(form.foundDate),
    companyType: str(form.companyType) || undefined,
    area: areaPathOf(str(form.areaCode)),
    address: str(form.address),
    businessScope: str(form.businessScope),
    categories: Array.isArray(form.categories) ? form.categories.filter((c) => typeof c === 'string') : [],
    contact: {
      contactName: str(contact.contactName),
      mobile: str(contact.mobile),
      email: str(contact.email),
      phone: str(contact.phone),
    },
    bank: { bankName: str(bank.bankName), branch: str(bank.branch), accountNo: str(bank.accountNo) },
    qualifications: quals.map((q) => ({
      qualType: str(q.qualType),
      file: str(q.fileId) ? { id: str(q.fileId), key: str(q.fileKey), fileName: '' } : undefined,
      expiresOn: date(q.expiresOn),
    })),
  };
}

/**
 * Where a server field message lands: `areaCode` on the cascader, `categories.0` on the categories,
 * a qualification's file id or key on its upload; 'altcha' and 'invitationToken' have no field.
 */
export function formNameOf(path: string): (string | number)[] | null {
  if (path === 'altcha' || path === 'invitationToken' || path === 'no' || path === 'token') return null;
  if (path === 'areaCode') return ['area'];
  if (path.startsWith('categories')) return ['categories'];
  const file = /^qualifications\.(\d+)\.(?:fileId|fileKey)$/.exec(path);
  if (file) return ['qualifications', Number(file[1]), 'file'];
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
