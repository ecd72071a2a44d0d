import { Readable } from 'node:stream';
import {
  type DataModelField,
  type FormField,
  formTitle,
  type Locale,
  MODEL_PAGE_IMPORT_MAX,
  type ModelImportResult,
  type ModelRow,
  validationMessage,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import { type ModelPage, readerForm } from './model-page';
import { checkModelRow, insertCheckedRows, uniqueProblems } from './model-rows';

type Row = Record<string, unknown>;

const label = (f: { label: string; labels?: Partial<Record<Locale, string>> | undefined }, locale: Locale) =>
  f.labels?.[locale] || f.label;

/** The form fields an import fills: one cell each (sub-tables, files and computed fields are not imported). */
export function importFields(page: ModelPage): { form: FormField; model: DataModelField }[] {
  const out: { form: FormField; model: DataModelField }[] = [];
  for (const f of readerForm(page).fields) {
    const model = page.fields.get(f.name);
    if (!model || f.computed || f.type === 'table' || f.type === 'upload' || model.kind === 'lines') continue;
    out.push({ form: f, model });
  }
  return out;
}

/** The lookups a sheet's names go through: dictionary items, users, departments, suppliers (the tenant's only). */
interface Lookups {
  dict: Map<string, Map<string, string>>;
  user: Map<string, string>;
  department: Map<string, string>;
  supplier: Map<string, string>;
  /** Names of the same lookups by id, for the export. */
  dictNames: Map<string, Map<string, string>>;
}

const norm = (s: string) => s.trim().toLowerCase();

async function lookups(ctx: ServiceContext, fields: DataModelField[], locale: Locale): Promise<Lookups> {
  const { db } = ctx.deps;
  const tenantId = ctx.auth.tenantId;
  const kinds = new Set(fields.map((f) => f.kind));
  const dictTypes = [...new Set(fields.flatMap((f) => ('dictType' in f ? [f.dictType] : [])))];
  const out: Lookups = {
    dict: new Map(),
    user: new Map(),
    department: new Map(),
    supplier: new Map(),
    dictNames: new Map(),
  };
  if (dictTypes.length) {
    const items = await db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict_type as ty', 'ty.id', 'i.type_id')
      .select(['ty.en_code as type', 'i.en_code', 'i.full_name', 'i.full_name_en', 'i.full_name_tw'])
      .where('i.tenant_id', '=', tenantId)
      .where('ty.tenant_id', '=', tenantId)
      .where('ty.en_code', 'in', dictTypes)
      .execute();
    for (const item of items) {
      const byName = out.dict.get(item.type) ?? new Map<string, string>();
      out.dict.set(item.type, byName);
      const names = out.dictNames.get(item.type) ?? new Map<string, string>();
      out.dictNames.set(item.type, names);
      for (const n of [item.en_code, item.full_name, item.full_name_en, item.full_name_tw])
        if (n) byName.set(norm(n), item.en_code);
      const shown = locale === 'en-US' ? item.full_name_en : locale === 'zh-TW' ? item.full_name_tw : '';
      names.set(item.en_code, shown || item.full_name);
    }
  }
  if (kinds.has('user')) {
    const users = await db
      .selectFrom('sys_user')
      .select([sql<string>`id::text`.as('id'), 'account', 'real_name'])
      .where('tenant_id', '=', tenantId)
      .where('deleted', '=', false)
      .execute();
    for (const u of users) {
      // An account names one user; a name names the first of that name (the account is the sure way).
      if (!out.user.has(norm(u.real_name))) out.user.set(norm(u.real_name), u.id);
      out.user.set(norm(u.account), u.id);
    }
  }
  if (kinds.has('department')) {
    const depts = await db
      .selectFrom('sys_dept')
      .select([sql<string>`id::text`.as('id'), 'dept_name', 'en_code'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const d of depts) {
      if (!out.department.has(norm(d.dept_name))) out.department.set(norm(d.dept_name), d.id);
      if (d.en_code) out.department.set(norm(d.en_code), d.id);
    }
  }
  if (kinds.has('supplier')) {
    const suppliers = await db
      .selectFrom('vendor_supplier')
      .select([sql<string>`id::text`.as('id'), 'supplier_name', 'supplier_code'])
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const s of suppliers) {
      out.supplier.set(norm(s.supplier_name), s.id);
      if (s.supplier_code) out.supplier.set(norm(s.supplier_code), s.id);
    }
  }
  return out;
}

function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') {
    if ('text' in cell && typeof cell.text === 'string') return cell.text;
    if ('result' in cell) return cellText(cell.result as ExcelJS.CellValue);
    if ('richText' in cell && Array.isArray(cell.richText)) return cell.richText.map((r) => r.text).join('');
    return '';
  }
  return String(cell).trim();
}

const TRUE = new Set(['是', 'yes', 'true', '1', 'y', '√']);
const FALSE = new Set(['否', 'no', 'false', '0', 'n', '×']);

/** A cell as the form field's value; `undefined` for an empty cell, an Error for one that cannot be read. */
function cellValue(field: DataModelField, cell: ExcelJS.CellValue, look: Lookups): unknown {
  const text = cellText(cell);
  if (text === '') return undefined;
  const bad = new Error('unreadable');
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money': {
      const n = typeof cell === 'number' ? cell : Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? n : bad;
    }
    case 'date': {
      if (cell instanceof Date) return cell.toISOString().slice(0, 10);
      return /^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(text)
        ? text.replace(/\//g, '-').replace(/-(\d)(?=-|$)/g, '-0$1')
        : bad;
    }
    case 'datetime': {
      const d = cell instanceof Date ? cell : new Date(text);
      return Number.isNaN(d.getTime()) ? bad : d.toISOString();
    }
    case 'boolean':
      return TRUE.has(norm(text)) ? true : FALSE.has(norm(text)) ? false : bad;
    case 'select':
      return look.dict.get(field.dictType)?.get(norm(text)) ?? bad;
    case 'multiSelect': {
      const codes = text
        .split(/[,，;；、]/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => look.dict.get(field.dictType)?.get(norm(p)));
      return codes.every((c) => c !== undefined) ? codes : bad;
    }
    case 'user':
      return look.user.get(norm(text)) ?? bad;
    case 'department':
      return look.department.get(norm(text)) ?? bad;
    case 'supplier':
      return look.supplier.get(norm(text)) ?? bad;
    case 'reference':
      return /^\d{1,18}$/.test(text) ? text : bad;
    default:
      return text;
  }
}

function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return workbook.xlsx.writeBuffer().then((b) => Buffer.from(b as ArrayBuffer));
}

/** The import template: the importable fields' labels in the reader's language, required ones marked. */
export async function importTemplate(page: ModelPage, locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formTitle(page.content.form, locale).slice(0, 31) || 'Sheet1');
  const fields = importFields(page);
  sheet.columns = fields.map(({ form }) => ({ header: label(form, locale), key: form.name, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  return workbookBuffer(workbook);
}

/** The rows as .xlsx: the list's columns the reader sees, values as the list shows them. */
export async function exportRows(ctx: ServiceContext, page: ModelPage, rows: ModelRow[]): Promise<Buffer> {
  const locale = ctx.locale;
  const columns = page.content.list.columns.filter((c) => !page.hidden.has(c.field));
  const fields = columns.flatMap((c) => {
    const f = page.fields.get(c.field);
    return f ? [f] : [];
  });
  const look = await lookups(
    ctx,
    fields.filter((f) => f.kind === 'select' || f.kind === 'multiSelect'),
    locale,
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(formTitle(page.content.form, locale).slice(0, 31) || 'Sheet1');
  sheet.columns = fields.map((f) => ({
    header: f.names[locale] || f.names['zh-CN'],
    key: f.code,
    width: 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const out: Row = {};
    for (const f of fields) {
      const value = row.data[f.code];
      if (row.labels[f.code] !== undefined) out[f.code] = row.labels[f.code];
      else if (f.kind === 'select' && typeof value === 'string')
        out[f.code] = look.dictNames.get(f.dictType)?.get(value) ?? value;
      else if (f.kind === 'multiSelect' && Array.isArray(value))
        out[f.code] = value.map((v) => look.dictNames.get(f.dictType)?.get(String(v)) ?? v).join(', ');
      else if (f.kind === 'boolean')
        out[f.code] = value === null ? '' : t(locale, value ? 'modelPage.yes' : 'modelPage.no');
      else if (f.kind === 'file')
        out[f.code] = Array.isArray(value)
          ? value.map((v) => (v as { name?: string }).name ?? '').join(', ')
          : '';
      else out[f.code] = value ?? '';
    }
    sheet.addRow(out);
  }
  return workbookBuffer(workbook);
}

/**
 * Reads the sheet as a stream (a workbook of 100,000 rows is never held as cells), checks every row
 * with the same checks a row of the page passes, and, unless it is a dry run, inserts the good rows
 * together in one transaction. The refused rows come back with their reasons, and as a file.
 */
export async function importRows(
  ctx: ServiceContext,
  page: ModelPage,
  content: Buffer,
  dryRun: boolean,
): Promise<ModelImportResult> {
  const locale = ctx.locale;
  const fields = importFields(page);
  const look = await lookups(
    ctx,
    fields.map((f) => f.model),
    locale,
  );
  const byHeader = new Map<string, number>();
  fields.forEach(({ form, model }, i) => {
    for (const n of [
      form.name,
      form.label,
      ...Object.values(form.labels ?? {}),
      ...Object.values(model.names),
    ])
      if (n) byHeader.set(norm(n), i);
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let positions: Map<number, number> | null = null;
  let columnOf = new Map<number, number>();
  const good: { row: number; data: Row; cells: string[] }[] = [];
  const refused: { row: number; cells: string[]; fields: Record<string, string> }[] = [];
  let total = 0;
  let sawSheet = false;
  const unreadable = validationMessage('validation.invalid', locale);
  try {
    for await (const worksheet of reader) {
      sawSheet = true;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]) ?? [];
        if (!positions) {
          const found = new Map<number, number>();
          values.forEach((cell, col) => {
            const at = byHeader.get(norm(cellText(cell)));
            if (at !== undefined && ![...found.values()].includes(at)) found.set(col, at);
          });
          if (!found.size) throw new AppError(400, 'modelPage.importNoColumns');
          positions = found;
          columnOf = new Map([...found].map(([col, at]) => [at, col]));
          continue;
        }
        if (values.every((v) => cellText(v) === '')) continue;
        total += 1;
        if (total > MODEL_PAGE_IMPORT_MAX)
          throw new AppError(400, 'modelPage.importTooMany', { max: MODEL_PAGE_IMPORT_MAX });
        const input: Row = {};
        const problems: Record<string, string> = {};
        for (const [col, at] of positions) {
          const { form, model } = fields[at] as { form: FormField; model: DataModelField };
          const value = cellValue(model, values[col] ?? null, look);
          if (value instanceof Error) problems[form.name] = unreadable;
          else if (value !== undefined) input[form.name] = value;
        }
        const cells = fields.map((_, i) => {
          const col = columnOf.get(i);
          return col === undefined ? '' : cellText(values[col] ?? null);
        });
        if (Object.keys(problems).length) {
          refused.push({ row: row.number, cells, fields: problems });
          continue;
        }
        const checked = checkModelRow(ctx, page, input);
        if ('fields' in checked) refused.push({ row: row.number, cells, fields: checked.fields });
        else good.push({ row: row.number, data: checked.data, cells });
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'modelPage.importBadFile');
  }
  if (!sawSheet) throw new AppError(400, 'modelPage.importNoSheet');
  if (!positions) throw new AppError(400, 'modelPage.importNoColumns');
  // Unique fields: a value already stored, or twice in the file, refuses the row (the later ones).
  const duplicates = await uniqueProblems(ctx, page, good);
  const accepted = good.filter((g) => {
    const fields = duplicates.get(g.row);
    if (fields) refused.push({ row: g.row, cells: g.cells, fields });
    return !fields;
  });
  if (!dryRun && accepted.length) {
    await transaction(ctx.deps.db, (tx) =>
      insertCheckedRows(
        ctx,
        tx,
        page,
        accepted.map((a) => a.data),
      ),
    );
  }
  refused.sort((a, b) => a.row - b.row);
  return {
    dryRun,
    total,
    imported: accepted.length,
    failed: refused.length,
    errors: refused.slice(0, 100).map((r) => ({ row: r.row, fields: r.fields })),
    errorReport: refused.length ? (await errorReport(page, locale, refused)).toString('base64') : null,
  };
}

async function errorReport(
  page: ModelPage,
  locale: Locale,
  refused: { row: number; cells: string[]; fields: Record<string, string> }[],
): Promise<Buffer> {
  const fields = importFields(page);
  const names = new Map(fields.map(({ form }) => [form.name, label(form, locale)]));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('errors');
  sheet.columns = [
    ...fields.map(({ form }) => ({ header: label(form, locale), key: form.name, width: 20 })),
    { header: t(locale, 'modelPage.errorColumn'), key: '__reason', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of refused) {
    const reason = Object.entries(r.fields)
      .map(([f, m]) => `${names.get(f.split('.')[0] ?? f) ?? f}: ${m}`)
      .join('; ');
    sheet.addRow([...r.cells, reason]);
  }
  return workbookBuffer(workbook);
}
