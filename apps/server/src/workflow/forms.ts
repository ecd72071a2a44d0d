import {
  cellStates,
  type FieldRight,
  FLOW_FORMS,
  type FlowStatus,
  type FormField,
  type FormSchema,
  filterOptions,
  flowMessage,
  formTitle,
  isCreditCode,
  isDuration,
  isEmail,
  isEnCode,
  isIdCard,
  isMobile,
  isPositiveInteger,
  isTelephone,
  type Locale,
  leaveDays,
  linkageStates,
  nameInLocale,
  optionFilterValue,
  validationMessage,
} from '@srm/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

/**
 * The business forms in code, registered by name: each is its JSON form schema (contracts) plus what
 * the server computes (amounts and totals). A form is validated against its schema and the field
 * rights of the node that edits it: a hidden or read-only field keeps its stored value, a required
 * one must be filled, every rule of the schema applies; failures name the fields (400).
 */
export interface RegisteredForm {
  schema: FormSchema;
  /** Fills the computed fields from the others (after validation). */
  compute(data: Record<string, unknown>): Record<string, unknown>;
  /** Rules across fields (a leave's end not before its start): field → message key. */
  crossCheck?(data: Record<string, unknown>, input: Record<string, unknown>): Record<string, string>;
  /**
   * What the owning domain does when a task of this form ends (approved, rejected back to the
   * launcher, withdrawn or terminated): called inside the action's own transaction, so the business
   * change and the approval commit together or not at all (throwing refuses the action).
   */
  onFinished?(tx: Transaction<Database>, outcome: FormOutcome): Promise<void>;
  /**
   * The domain keeps the files its upload fields name (the supplier admission's vendor files).
   * Otherwise they are task attachments (`file-service.ts`): uploaded through the task calls and
   * served only to those who may see the task.
   */
  ownFiles?: boolean;
  /**
   * The owner's own limits beyond the schema (a designed form's model: text lengths, digits), as
   * messages by field path; checked after the schema's rules.
   */
  limits?(data: Record<string, unknown>, locale: Locale): Record<string, string>;
  /**
   * What the owner does when a task of this form is submitted or resubmitted (a designed form writes
   * its model row): inside the submit's transaction, before the engine's outcome is written (so an
   * immediate end reaches `onFinished` after it).
   */
  onSubmitted?(tx: Transaction<Database>, event: FormSubmitted): Promise<void>;
}

/** A task submitted (or resubmitted) through its flow, as the form's owner sees it. */
export interface FormSubmitted {
  tenantId: string;
  taskId: string;
  launcherId: string;
  formData: Record<string, unknown>;
  /** The submitter's language (for a refusal). */
  locale: Locale;
}

/** How a task ended, as the form's owner sees it. */
export interface FormOutcome {
  tenantId: string;
  taskId: string;
  status: FlowStatus;
  /** The task's form data as the last approver left it. */
  formData: Record<string, unknown>;
  /** The opinion of the action that ended it (a rejection's reason). */
  opinion: string;
  /** Who ended it ('0' for a timer). */
  actorId: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

const FORMS: Record<string, RegisteredForm> = {
  PurchaseRequisition: {
    schema: FLOW_FORMS.PurchaseRequisition,
    compute(data) {
      const lines = Array.isArray(data.lines) ? (data.lines as Record<string, unknown>[]) : [];
      const withAmounts = lines.map((line) => ({
        ...line,
        amount: round2(Number(line.quantity ?? 0) * Number(line.price ?? 0)),
      }));
      const total = round2(withAmounts.reduce((sum, line) => sum + line.amount, 0));
      return { ...data, lines: withAmounts, total };
    },
  },
  LeaveApply: {
    schema: FLOW_FORMS.LeaveApply,
    // The days are the dates' own, in half days: whatever the client sent, the stored value is this.
    compute: (data) => ({
      ...data,
      days: leaveDays(data.startDate, data.startHalf, data.endDate, data.endHalf),
    }),
    crossCheck: (data, input): Record<string, string> => {
      const { startDate, endDate } = data;
      if (typeof startDate !== 'string' || typeof endDate !== 'string') return {};
      if (endDate < startDate) return { endDate: 'validation.dateRangeOrder' };
      const days = leaveDays(startDate, data.startHalf, endDate, data.endHalf) ?? 0;
      if (days <= 0) return { endHalf: 'validation.leaveDaysNone' };
      // A client's own figure must be the dates' (never more than the calendar days they span).
      const sent = input.days;
      if (sent === undefined || sent === null || sent === '') return {};
      const span = leaveDays(startDate, 'am', endDate, 'pm') ?? 0;
      if (typeof sent === 'number' && sent > span) return { days: 'validation.leaveDaysOverSpan' };
      return sent === days ? {} : { days: 'validation.leaveDaysMismatch' };
    },
  },
};

/**
 * A business domain's form (the supplier admission, a change request): the workflow knows it by
 * name only, so it imports no domain; the domain registers it when its module loads.
 */
export function registerForm(name: string, form: RegisteredForm): void {
  FORMS[name] = form;
}

/** A coded form by name (the forms in code and those the domains register). */
export function formOf(name: string): RegisteredForm | undefined {
  return Object.hasOwn(FORMS, name) ? FORMS[name] : undefined;
}

/**
 * A source of forms built by the tenant (the online designer's `Design<id>`): asked for the names
 * that start with its prefix, it loads the tenant's form (null: none, or not the tenant's). The
 * owning domain registers it when its module loads, as with `registerForm`: the workflow imports
 * no domain.
 */
export type FormSource = (
  db: Kysely<Database>,
  tenantId: string,
  rest: string,
) => Promise<RegisteredForm | null>;

const SOURCES: { prefix: string; load: FormSource }[] = [];

export function registerFormSource(prefix: string, load: FormSource): void {
  const at = SOURCES.findIndex((s) => s.prefix === prefix);
  if (at >= 0) SOURCES.splice(at, 1);
  SOURCES.push({ prefix, load });
}

/** Whether the name belongs to a form source (a designed form), whether or not it exists. */
export function isSourcedForm(name: string): boolean {
  return SOURCES.some((s) => name.startsWith(s.prefix));
}

/**
 * The form of `name` for the tenant: a coded one, or one a source builds. `db` is the open
 * transaction when there is one (the embedded database has a single connection).
 */
export async function formFor(
  db: Kysely<Database>,
  tenantId: string,
  name: string,
): Promise<RegisteredForm | undefined> {
  const coded = formOf(name);
  if (coded) return coded;
  const source = SOURCES.find((s) => name.startsWith(s.prefix));
  if (!source) return undefined;
  return (await source.load(db, tenantId, name.slice(source.prefix.length))) ?? undefined;
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const RULE_CHECKS: Record<string, (v: unknown) => boolean> = {
  mobile: isMobile,
  email: isEmail,
  idCard: isIdCard,
  creditCode: isCreditCode,
  telephone: isTelephone,
  enCode: isEnCode,
  duration: isDuration,
  positiveInteger: isPositiveInteger,
};

const ID = /^\d{1,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Today's date where it is earliest on earth (UTC-12): the server does not know the user's zone,
 * and his picker already keeps him from earlier days in his own, so the server refuses only a day
 * that is past everywhere.
 */
function earliestToday(now = Date.now()): string {
  return new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The first problem of one value against its field, as a message in the caller's language.
 * `stored` is the field's value before this change (a kept value is not held to `notBefore`).
 */
function fieldProblem(
  field: FormField,
  value: unknown,
  required: boolean,
  locale: Locale,
  stored?: unknown,
): string | null {
  const msg = (key: string, params?: Record<string, string | number>) =>
    validationMessage(key, locale, params);
  if (isBlank(value)) return required ? msg('validation.required') : null;
  switch (field.type) {
    case 'number':
    case 'money': {
      const n = typeof value === 'number' ? value : Number.NaN;
      if (!Number.isFinite(n)) return msg('validation.invalid');
      if (field.min !== undefined && n < field.min) return msg('validation.numberMin', { min: field.min });
      if (field.max !== undefined && n > field.max) return msg('validation.numberMax', { max: field.max });
      const scale = 10 ** (field.precision ?? 8);
      if (Math.abs(Math.round(n * scale) - n * scale) > 1e-6) return msg('validation.invalid');
      break;
    }
    case 'input':
    case 'textarea':
      if (typeof value !== 'string' || value.includes('\u0000')) return msg('validation.invalid');
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return msg('validation.tooLong', { max: field.maxLength });
      break;
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value)))
        return msg('validation.invalid');
      if (field.notBefore === 'today' && value !== stored && value < earliestToday())
        return msg('validation.dateNotPast');
      break;
    case 'dateRange': {
      if (!Array.isArray(value) || value.length !== 2 || !value.every((end) => typeof end === 'string'))
        return msg('validation.invalid');
      const [start, end] = value as [string, string];
      if (!start && !end) return required ? msg('validation.required') : null;
      if (!start || !end) return msg('validation.dateRangeIncomplete');
      if (![start, end].every((d) => DATE.test(d) && !Number.isNaN(Date.parse(d))))
        return msg('validation.invalid');
      if (start > end) return msg('validation.dateRangeOrder');
      break;
    }
    case 'user':
    case 'dept':
    case 'supplier': {
      const list = field.multiple && Array.isArray(value) ? value : [value];
      if (!list.every((v) => typeof v === 'string' && ID.test(v))) return msg('validation.invalid');
      break;
    }
    case 'select':
    case 'radio':
      if (typeof value !== 'string' && typeof value !== 'number') return msg('validation.invalid');
      if (field.options && !field.options.some((o) => o.value === value)) return msg('validation.invalid');
      if (typeof value === 'string' && value.length > 100) return msg('validation.invalid');
      break;
    case 'switch':
      if (typeof value !== 'boolean') return msg('validation.invalid');
      break;
    case 'upload':
      if (
        !Array.isArray(value) ||
        value.length > 20 ||
        !value.every(
          (v) =>
            typeof v === 'object' &&
            v !== null &&
            (typeof (v as { id?: unknown }).id === 'string' ||
              typeof (v as { name?: unknown }).name === 'string'),
        )
      )
        return msg('validation.invalid');
      break;
    default:
      break;
  }
  for (const rule of field.rules ?? []) {
    const ok =
      rule.rule === 'pattern'
        ? typeof value === 'string' && rule.pattern !== undefined && new RegExp(rule.pattern).test(value)
        : (RULE_CHECKS[rule.rule]?.(value) ?? true);
    if (!ok) return rule.message ?? msg(`validation.${rule.rule}`);
  }
  return null;
}

/**
 * A narrowed choice (`optionFilter`) must be one of the options under the other field's value:
 * the picker offers only those, and a value sent past it is refused.
 */
function optionProblem(
  field: FormField,
  value: unknown,
  values: Record<string, unknown>,
  row: Record<string, unknown> | undefined,
  locale: Locale,
): string | null {
  if (!field.optionFilter || !field.options || isBlank(value)) return null;
  const allowed = filterOptions(field.options, field, optionFilterValue(field, values, row));
  const chosen = Array.isArray(value) ? value : [value];
  return chosen.every((v) => allowed.some((o) => o.value === v))
    ? null
    : validationMessage('validation.invalid', locale);
}

export interface FormCheck {
  data: Record<string, unknown>;
  fields: Record<string, string>;
}

/**
 * Validates `input` against the form under `rights` (field → right; a field not named has `defaultRight`).
 * Hidden and read-only fields keep `stored` (the task's current data); computed fields are filled by
 * the server. Returns the data to store and the field errors (empty when valid).
 */
export function checkForm(
  form: RegisteredForm,
  input: Record<string, unknown>,
  stored: Record<string, unknown>,
  rights: Readonly<Record<string, FieldRight>>,
  locale: Locale,
  /** The right of a field the node does not name: editable for the launcher, read-only for approvers. */
  defaultRight: FieldRight = 'editable',
): FormCheck {
  const fields: Record<string, string> = {};
  const data: Record<string, unknown> = {};
  const schema = form.schema;
  // The linkage rules read what the form will hold: the input where the node may edit, the stored
  // value elsewhere (a rule is never steered by a field the caller may not change).
  const seen: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const right = rights[field.name] ?? defaultRight;
    seen[field.name] = right === 'hidden' || right === 'readonly' ? stored[field.name] : input[field.name];
  }
  const states = schema.linkage?.length ? linkageStates(schema, seen) : null;
  for (const field of schema.fields) {
    if (field.computed) continue;
    const right = rights[field.name] ?? defaultRight;
    if (right === 'hidden' || right === 'readonly' || states?.form.disabled.has(field.name)) {
      if (stored[field.name] !== undefined) data[field.name] = stored[field.name];
      continue;
    }
    // Hidden by the rules: not asked for, and nothing kept of what was typed before it hid.
    if (states?.form.hidden.has(field.name)) continue;
    const value = input[field.name];
    const required =
      right === 'required' || field.required === true || states?.form.required.has(field.name) === true;
    if (field.type === 'table') {
      if (isBlank(value)) {
        if (required) fields[field.name] = validationMessage('validation.required', locale);
        continue;
      }
      if (!Array.isArray(value) || value.length > 200) {
        fields[field.name] = validationMessage('validation.invalid', locale);
        continue;
      }
      const rows: Record<string, unknown>[] = [];
      const storedRows = Array.isArray(stored[field.name])
        ? (stored[field.name] as Record<string, unknown>[])
        : [];
      value.forEach((row, i) => {
        const source = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
        const out: Record<string, unknown> = {};
        for (const column of field.columns ?? []) {
          if (column.computed) continue;
          const cell = states ? cellStates(states, field.name, i, column.name) : null;
          if (cell?.hidden) continue;
          if (cell?.disabled) {
            const kept = storedRows[i]?.[column.name];
            if (!isBlank(kept)) out[column.name] = kept;
            continue;
          }
          const path = `${field.name}.${i}.${column.name}`;
          const problem =
            fieldProblem(
              column,
              source[column.name],
              column.required === true || cell?.required === true,
              locale,
            ) ?? optionProblem(column, source[column.name], seen, source, locale);
          if (problem) fields[path] = problem;
          else if (!isBlank(source[column.name])) out[column.name] = source[column.name];
        }
        rows.push(out);
      });
      data[field.name] = rows;
      continue;
    }
    const problem =
      fieldProblem(field, value, required, locale, stored[field.name]) ??
      optionProblem(field, value, seen, undefined, locale);
    if (problem) fields[field.name] = problem;
    else if (!isBlank(value)) data[field.name] = value;
  }
  for (const [name, key] of Object.entries(form.crossCheck?.(data, input) ?? {}))
    fields[name] ??= validationMessage(key, locale);
  for (const [name, message] of Object.entries(form.limits?.(data, locale) ?? {})) fields[name] ??= message;
  return { data: form.compute(data), fields };
}

/** The data a reader sees under his node's rights: hidden fields left out. */
export function visibleData(
  data: Record<string, unknown>,
  rights: Readonly<Record<string, FieldRight>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (rights[key] !== 'hidden') out[key] = value;
  return out;
}

/** Defaults of a new form. */
export function emptyForm(form: RegisteredForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of form.schema.fields)
    if (field.defaultValue !== undefined) out[field.name] = field.defaultValue;
  return out;
}

/**
 * A task's title in each language, stored when it is launched: the form's title in that language and
 * the launcher's name ("采购申请 – 张三", "Purchase requisition – 张三"). A form not registered any
 * more is named by its flow.
 */
export function taskTitles(form: FormSchema | undefined, flowName: string, launcherName: string): TaskTitles {
  return titlesIn((locale) =>
    flowMessage('flow.taskTitle', locale, {
      flow: form ? formTitle(form, locale) : flowName,
      name: launcherName,
    }),
  );
}

/** A task's stored titles: the main (simplified-Chinese), English and traditional ones. */
export type TaskTitles = { title: string; title_en: string; title_tw: string };

/** A title written in each language, cut to the column's 200 characters. */
export function titlesIn(write: (locale: Locale) => string): TaskTitles {
  const one = (locale: Locale) => write(locale).slice(0, 200);
  return { title: one('zh-CN'), title_en: one('en-US'), title_tw: one('zh-TW') };
}

/** The stored title column of a language (an older row without one reads the main title). */
export function titleColumn(locale: Locale): 't.title' | 't.title_en' | 't.title_tw' {
  return locale === 'en-US' ? 't.title_en' : locale === 'zh-TW' ? 't.title_tw' : 't.title';
}

/** The flow definition's column of its name in a language (`d` is the definition). */
export function flowNameColumn(locale: Locale): 'd.full_name' | 'd.full_name_en' | 'd.full_name_tw' {
  return locale === 'en-US' ? 'd.full_name_en' : locale === 'zh-TW' ? 'd.full_name_tw' : 'd.full_name';
}

/** A flow's name in a language: its English or traditional name when set, else the main one. */
export function flowNameIn(
  row: { full_name: string; full_name_en: string; full_name_tw: string },
  locale: Locale,
): string {
  return nameInLocale(locale, row.full_name, row.full_name_en, row.full_name_tw);
}

/** A stored task's title in a language. */
export function titleIn(row: { title: string; title_en: string; title_tw: string }, locale: Locale): string {
  return nameInLocale(locale, row.title, row.title_en, row.title_tw);
}
