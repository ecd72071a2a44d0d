import {
  BAD_TEXT_KEY,
  isCleanText,
  LOCALES,
  type Locale,
  passwordProblems,
  passwordProblemText,
  translateIssue,
  USER_IMPORT_DEFAULT_PASSWORD,
  USER_IMPORT_MAX_ROWS,
  type User,
  type UserImportError,
  userCreateSchema,
  validationMessage,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { AppError } from '../core/errors';
import { type MessageKey, t } from '../core/i18n';
import { hashPassword } from '../core/password';
import { loadSysConfig } from '../core/settings';
import { NEW_USER_ROW } from '../db/new-user-row';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { recordPasswordHistory } from '../system/sys-config/password-policy';
import { assertWrittenInScope, type UserColumns } from './user-service';

/** Import columns in template order; the header text comes from the server messages. */
const IMPORT_COLUMNS = ['account', 'realName', 'mobile', 'email', 'dept', 'roles', 'password'] as const;
type ImportColumn = (typeof IMPORT_COLUMNS)[number];

const HEADER_KEY: Record<ImportColumn, MessageKey> = {
  account: 'userExcel.account',
  realName: 'userExcel.realName',
  mobile: 'userExcel.mobile',
  email: 'userExcel.email',
  dept: 'userExcel.dept',
  roles: 'userExcel.roles',
  password: 'userExcel.password',
};

/** "部门（名称或编码）" and "部门" both name the department column: hints in brackets and stars do not count. */
const normalise = (text: string) =>
  text
    .replace(/[（(][^）)]*[）)]/g, '')
    .replace(/[*\s]/g, '')
    .toLowerCase();
/** Header text → column, in every language (a Chinese template imports for an English user too). */
const HEADER_LOOKUP = new Map<string, ImportColumn>();
for (const locale of LOCALES)
  for (const column of IMPORT_COLUMNS) HEADER_LOOKUP.set(normalise(t(locale, HEADER_KEY[column])), column);

const xlsxTime = (ms: number | null) =>
  ms == null ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  });
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import template: a hint row, the header row, one example row. */
export async function importTemplate(locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t(locale, 'userExcel.sheet'));
  sheet.columns = IMPORT_COLUMNS.map(() => ({ width: 24 }));
  sheet.addRow([
    t(locale, 'userExcel.hint', { password: USER_IMPORT_DEFAULT_PASSWORD, maxRows: USER_IMPORT_MAX_ROWS }),
  ]);
  sheet.mergeCells(1, 1, 1, IMPORT_COLUMNS.length);
  const hint = sheet.getRow(1);
  hint.height = 48;
  hint.getCell(1).alignment = { wrapText: true, vertical: 'top' };
  hint.getCell(1).font = { color: { argb: 'FFD4380D' } };
  styleHeader(sheet.addRow(IMPORT_COLUMNS.map((c) => t(locale, HEADER_KEY[c]))));
  sheet.addRow([
    'zhangsan',
    t(locale, 'userExcel.exampleName'),
    '13800138000',
    'zhangsan@example.com',
    '采购部',
    'buyer',
    '',
  ]);
  // Keep mobile numbers and accounts as text when someone types into the template.
  for (const column of [1, 3]) sheet.getColumn(column).numFmt = '@';
  return toBuffer(workbook);
}

/** The filtered user list as .xlsx; mobile and email only when the caller may see them. */
export async function exportUsers(locale: Locale, users: User[], columns: UserColumns): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t(locale, 'userExcel.sheet'));
  const fields: { key: MessageKey; value: (u: User) => string }[] = [
    { key: 'userExcel.account', value: (u) => u.account },
    { key: 'userExcel.realName', value: (u) => u.realName },
    ...(columns.mobile ? [{ key: 'userExcel.mobile' as const, value: (u: User) => u.mobile ?? '' }] : []),
    ...(columns.email ? [{ key: 'userExcel.email' as const, value: (u: User) => u.email ?? '' }] : []),
    { key: 'userExcel.deptName', value: (u) => u.deptName ?? '' },
    {
      key: 'userExcel.state',
      value: (u) => t(locale, u.enabled ? 'userExcel.enabled' : 'userExcel.disabled'),
    },
    { key: 'userExcel.lastLoginTime', value: (u) => xlsxTime(u.lastLoginTime) },
    { key: 'userExcel.createdAt', value: (u) => xlsxTime(u.createdAt) },
  ];
  sheet.columns = fields.map(() => ({ width: 20 }));
  // Header text without the "required" star of the import template.
  styleHeader(sheet.addRow(fields.map((f) => t(locale, f.key).replace(/\*$/, ''))));
  for (const user of users) sheet.addRow(fields.map((f) => f.value(user)));
  return toBuffer(workbook);
}

/** A row read from the sheet: its 1-based sheet row number and the text of each known column. */
interface SheetRow {
  row: number;
  values: Record<ImportColumn, string>;
}

function cellText(cell: ExcelJS.Cell): string {
  try {
    return String(cell.text ?? '').trim();
  } catch {
    return '';
  }
}

/** Reads the first sheet: finds the header row (within the first 10), then the non-empty rows below. */
export async function readImportSheet(content: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(400, 'userExcel.badFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'userExcel.badFile');
  let headerRow = 0;
  const positions = new Map<ImportColumn, number>();
  for (let r = 1; r <= Math.min(10, sheet.rowCount) && !headerRow; r++) {
    const row = sheet.getRow(r);
    const found = new Map<ImportColumn, number>();
    row.eachCell((cell, col) => {
      const column = HEADER_LOOKUP.get(normalise(cellText(cell)));
      if (column && !found.has(column)) found.set(column, col);
    });
    if (found.has('account')) {
      headerRow = r;
      for (const [k, v] of found) positions.set(k, v);
    }
  }
  if (!headerRow) throw new AppError(400, 'userExcel.noHeader');
  const rows: SheetRow[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = Object.fromEntries(
      IMPORT_COLUMNS.map((c) => [c, positions.has(c) ? cellText(row.getCell(positions.get(c) ?? 0)) : '']),
    ) as Record<ImportColumn, string>;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ row: r, values });
  }
  if (rows.length > USER_IMPORT_MAX_ROWS)
    throw new AppError(400, 'userExcel.tooManyRows', { maxRows: USER_IMPORT_MAX_ROWS, rows: rows.length });
  if (!rows.length) throw new AppError(400, 'userExcel.noRows');
  return rows;
}

/** A row that passed every check, ready to insert. */
export interface ImportUser {
  account: string;
  realName: string;
  mobile: string;
  email: string;
  password: string;
  deptId: string | null;
  roleIds: string[];
}

const rowSchema = userCreateSchema.pick({
  account: true,
  realName: true,
  mobile: true,
  email: true,
  password: true,
});
const FIELD_COLUMN: Record<string, ImportColumn> = {
  account: 'account',
  realName: 'realName',
  mobile: 'mobile',
  email: 'email',
  password: 'password',
};

const splitList = (text: string) =>
  text
    .split(/[,，、;；]/)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Checks every row with the contracts rules and against the database (account free in the file and
 * on the platform, department and roles of the tenant). Returns the good rows and, per bad row, every
 * problem found (row number, column header and message in the caller's language).
 */
export async function validateImportRows(
  db: Kysely<Database>,
  tenantId: string,
  locale: Locale,
  rows: SheetRow[],
): Promise<{ good: ImportUser[]; errors: UserImportError[]; badRows: SheetRow[] }> {
  const header = (c: ImportColumn) => t(locale, HEADER_KEY[c]).replace(/\*$/, '');
  // A cell may carry a NUL or a lone surrogate (the sheet's `_x0000_` escapes): such a value is a
  // row error and never reaches a query.
  const lookupAccounts = rows.map((r) => r.values.account).filter((a) => a && isCleanText(a));
  const [depts, roles, taken] = await Promise.all([
    db
      .selectFrom('sys_dept')
      .select(['id', 'dept_name', 'en_code'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('sys_role')
      .select(['id', 'role_name', 'en_code'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('sys_user')
      .select('account')
      .where('deleted', '=', false)
      .where('account', 'in', lookupAccounts.length ? lookupAccounts : [''])
      .execute(),
  ]);
  const takenAccounts = new Set(taken.map((r) => r.account));
  const { password: rule } = await loadSysConfig(db, tenantId);
  const firstRowOfAccount = new Map<string, number>();
  const good: ImportUser[] = [];
  const errors: UserImportError[] = [];
  const badRows: SheetRow[] = [];

  for (const sheetRow of rows) {
    const v = sheetRow.values;
    const rowErrors: UserImportError[] = [];
    const fail = (column: ImportColumn, message: string) =>
      rowErrors.push({ row: sheetRow.row, column: header(column), message });
    const unclean = IMPORT_COLUMNS.filter((c) => !isCleanText(v[c]));
    if (unclean.length) {
      for (const column of unclean) fail(column, validationMessage(BAD_TEXT_KEY, locale));
      errors.push(...rowErrors);
      badRows.push(sheetRow);
      continue;
    }

    const parsed = rowSchema.safeParse({
      account: v.account,
      realName: v.realName,
      mobile: v.mobile,
      email: v.email,
      password: v.password || USER_IMPORT_DEFAULT_PASSWORD,
    });
    const seen = new Set<string>();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = FIELD_COLUMN[field];
        if (!column || seen.has(field)) continue;
        seen.add(field);
        fail(column, translateIssue(issue, locale));
      }
    }
    // The tenant's password rule, in the column's place among the other messages.
    if (!seen.has('password')) {
      const problems = passwordProblems(v.password || USER_IMPORT_DEFAULT_PASSWORD, rule);
      if (problems.length) fail('password', problems.map((p) => passwordProblemText(p, locale)).join(' '));
    }
    if (v.account) {
      const first = firstRowOfAccount.get(v.account);
      if (first !== undefined) fail('account', t(locale, 'userExcel.duplicateInFile', { row: first }));
      else {
        firstRowOfAccount.set(v.account, sheetRow.row);
        if (takenAccounts.has(v.account)) fail('account', t(locale, 'user.accountTaken'));
      }
    }
    let deptId: string | null = null;
    if (v.dept) {
      const byCode = depts.filter((d) => d.en_code === v.dept);
      const byName = depts.filter((d) => d.dept_name === v.dept);
      const match = byCode.length === 1 ? byCode : byName;
      if (match.length === 1) deptId = String(match[0]?.id);
      else if (match.length > 1) fail('dept', t(locale, 'userExcel.deptAmbiguous', { value: v.dept }));
      else fail('dept', t(locale, 'userExcel.deptNotFound', { value: v.dept }));
    }
    const roleIds: string[] = [];
    for (const name of splitList(v.roles)) {
      const role = roles.find((r) => r.en_code === name) ?? roles.find((r) => r.role_name === name);
      if (role) roleIds.push(String(role.id));
      else {
        fail('roles', t(locale, 'userExcel.roleNotFound', { value: name }));
        break;
      }
    }
    if (rowErrors.length || !parsed.success) {
      errors.push(...rowErrors);
      badRows.push(sheetRow);
      continue;
    }
    good.push({ ...parsed.data, deptId, roleIds: [...new Set(roleIds)] });
  }
  return { good, errors, badRows };
}

/**
 * Inserts the good rows in ONE transaction (all or none). Rows sharing a password share its hash:
 * hashing is the slow part, and the default password is the common case.
 */
export async function insertImportUsers(
  db: Kysely<Database>,
  tenantId: string,
  entId: string,
  createdBy: string,
  users: ImportUser[],
  scope: RawBuilder<SqlBool> | null,
): Promise<void> {
  const hashes = new Map<string, string>();
  for (const password of new Set(users.map((u) => u.password)))
    hashes.set(password, await hashPassword(password));
  await transaction(db, async (tx) => {
    for (let start = 0; start < users.length; start += 500) {
      const chunk = users.slice(start, start + 500);
      const inserted = await tx
        .insertInto('sys_user')
        .values(
          chunk.map((u) => ({
            tenant_id: tenantId,
            ent_id: entId,
            dept_id: u.deptId,
            account: u.account,
            mobile: u.mobile,
            real_name: u.realName,
            email: u.email,
            password_hash: hashes.get(u.password) ?? '',
            ...NEW_USER_ROW,
            enabled: true,
            created_by: createdBy,
          })),
        )
        .returning(['id', 'account'])
        .execute();
      const idOf = new Map(inserted.map((r) => [r.account, String(r.id)]));
      const links = chunk.flatMap((u) =>
        u.roleIds.map((roleId) => ({
          tenant_id: tenantId,
          user_id: idOf.get(u.account) ?? '',
          role_id: roleId,
        })),
      );
      if (links.length) await tx.insertInto('user_role').values(links).execute();
      await recordPasswordHistory(
        tx,
        tenantId,
        chunk.map((u) => ({ userId: idOf.get(u.account) ?? '', passwordHash: hashes.get(u.password) ?? '' })),
      );
      // Users outside the importer's data scope: the whole import is refused (nothing half-imported).
      await assertWrittenInScope(tx, tenantId, [...idOf.values()], scope);
    }
  });
}

/** A cell value the report can hold: NUL and lone surrogates shown as U+FFFD. */
const printable = (text: string) =>
  text.replace(/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The refused rows as typed, with the row number and an error column, for correcting and re-importing. */
export async function importErrorReport(
  locale: Locale,
  badRows: SheetRow[],
  errors: UserImportError[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t(locale, 'userExcel.sheet'));
  sheet.columns = [{ width: 8 }, ...IMPORT_COLUMNS.map(() => ({ width: 20 })), { width: 48 }];
  styleHeader(
    sheet.addRow([
      t(locale, 'userExcel.row'),
      ...IMPORT_COLUMNS.map((c) => t(locale, HEADER_KEY[c])),
      t(locale, 'userExcel.error'),
    ]),
  );
  for (const bad of badRows) {
    const messages = errors.filter((e) => e.row === bad.row).map((e) => `${e.column}: ${e.message}`);
    const row = sheet.addRow([
      bad.row,
      ...IMPORT_COLUMNS.map((c) => printable(bad.values[c])),
      messages.join('; '),
    ]);
    row.getCell(IMPORT_COLUMNS.length + 2).font = { color: { argb: 'FFCF1322' } };
  }
  return toBuffer(workbook);
}
