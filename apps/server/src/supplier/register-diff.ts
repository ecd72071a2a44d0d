import {
  ADMISSION_CHANGE_FIELDS,
  ADMISSION_CHANGE_TEXT_MAX,
  type AdmissionChange,
  type AdmissionChangeField,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;
type Form = Record<string, unknown>;
type Qualification = { qualType?: string; fileId?: string; expiresOn?: string | null };

const part = (form: Form, group: 'bank' | 'contact') =>
  (form[group] as Record<string, unknown> | undefined) ?? {};
const plain = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const list = (form: Form, key: 'categories' | 'qualifications') =>
  Array.isArray(form[key]) ? (form[key] as unknown[]) : [];

/** The raw value of one field, to compare (file keys left out: a new key for the same file is no change). */
function rawOf(form: Form, field: AdmissionChangeField): string {
  const [group, name] = field.split('.') as [string, string | undefined];
  if (name) return plain(part(form, group as 'bank' | 'contact')[name]);
  if (field === 'qualifications')
    return JSON.stringify(
      (list(form, 'qualifications') as Qualification[]).map((q) => [q.qualType, q.fileId, q.expiresOn]),
    );
  if (field === 'categories') return JSON.stringify(list(form, 'categories'));
  return plain(form[field]);
}

/** Names of dictionary items of the tenant (their main names), by code. */
async function dictNames(db: Db, tenantId: string, typeCode: string, codes: string[]) {
  if (codes.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict_type as t', 't.id', 'i.type_id')
    .select(['i.en_code', 'i.full_name'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.en_code', '=', typeCode)
    .where('i.en_code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.en_code, r.full_name]));
}

/**
 * What a resubmitted application changed against the rejected one, as approvers read it: one row
 * per changed field, bank data first (`ADMISSION_CHANGE_FIELDS`' order), each side as text —
 * dictionary codes by their names, the region by its path, a qualification as type, expiry and
 * file name. `areaPath` names a region code.
 */
export async function applicationChanges(
  db: Db,
  tenantId: string,
  before: Form,
  after: Form,
  areaPath: (code: string) => Promise<string>,
): Promise<AdmissionChange[]> {
  const changed = ADMISSION_CHANGE_FIELDS.map((f) => f.value).filter(
    (field) => rawOf(before, field) !== rawOf(after, field),
  );
  if (changed.length === 0) return [];
  const both = [before, after];
  const quals = both.flatMap((f) => list(f, 'qualifications') as Qualification[]);
  const [categories, companyTypes, qualTypes, files] = await Promise.all([
    dictNames(
      db,
      tenantId,
      'supplyCategory',
      both.flatMap((f) => list(f, 'categories').map(String)),
    ),
    dictNames(db, tenantId, 'companyType', both.map((f) => plain(f.companyType)).filter(Boolean)),
    dictNames(db, tenantId, 'qualificationType', quals.map((q) => plain(q.qualType)).filter(Boolean)),
    (async () => {
      const ids = [...new Set(quals.map((q) => plain(q.fileId)).filter((id) => /^\d{1,19}$/.test(id)))];
      if (ids.length === 0) return new Map<string, string>();
      const rows = await db
        .selectFrom('vendor_file')
        .select(['id', 'file_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [String(r.id), r.file_name]));
    })(),
  ]);
  const named = (names: Map<string, string>, code: string) =>
    code ? (names.has(code) ? `${names.get(code)} (${code})` : code) : '';
  const textOf = async (form: Form, field: AdmissionChangeField): Promise<string> => {
    switch (field) {
      case 'companyType':
        return named(companyTypes, plain(form.companyType));
      case 'areaCode':
        return form.areaCode ? (await areaPath(plain(form.areaCode))) || plain(form.areaCode) : '';
      case 'categories':
        return list(form, 'categories')
          .map((c) => named(categories, String(c)))
          .join('、');
      case 'qualifications':
        return (list(form, 'qualifications') as Qualification[])
          .map((q) =>
            [named(qualTypes, plain(q.qualType)), plain(q.expiresOn), files.get(plain(q.fileId)) ?? ''].join(
              ' · ',
            ),
          )
          .join('\n');
      default:
        return rawOf(form, field);
    }
  };
  const cut = (text: string) => text.slice(0, ADMISSION_CHANGE_TEXT_MAX);
  return Promise.all(
    changed.map(async (field) => ({
      field,
      before: cut(await textOf(before, field)),
      after: cut(await textOf(after, field)),
    })),
  );
}
