// Workflow texts in the three languages: branch conditions as sentences for the designer
// ("合计金额 > 50000 且 …") and the messages of tree validation and engine refusals.
import { DEFAULT_LOCALE, type Locale, nameInLocale } from '../api/envelope.core';
import enUS from '../locales/workflow.en-US.json';
import zhCN from '../locales/workflow.zh-CN.json';
import zhTW from '../locales/workflow.zh-TW.json';
import type {
  ConditionBranch,
  ConditionGroup,
  ConditionItem,
  ConditionRule,
  ConditionScalar,
} from './flow-model.core';

export type FlowMessageKey = keyof typeof zhCN;

/** Typed as complete tables so a key missing from one locale file fails the type check. */
export const FLOW_MESSAGES: Readonly<Record<Locale, Readonly<Record<FlowMessageKey, string>>>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
};

/** A workflow message with its `{{name}}` placeholders filled. */
export function flowMessage(
  key: FlowMessageKey,
  locale: Locale = DEFAULT_LOCALE,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const table = FLOW_MESSAGES[locale] ?? FLOW_MESSAGES[DEFAULT_LOCALE];
  return table[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

function scalarText(value: ConditionScalar, locale: Locale): string {
  if (typeof value === 'boolean') return flowMessage(value ? 'flow.cond.yes' : 'flow.cond.no', locale);
  return String(value);
}

function ruleSentence(rule: ConditionRule, locale: Locale): string {
  const left =
    rule.source === 'form'
      ? nameInLocale(locale, rule.label ?? '', rule.labels?.['en-US'], rule.labels?.['zh-TW']) ||
        rule.field ||
        '?'
      : flowMessage(`flow.cond.source.${rule.source}`, locale);
  const list = Array.isArray(rule.value) ? rule.value : rule.value == null ? [] : [rule.value];
  const value =
    rule.valueLabel ??
    list.map((v) => scalarText(v, locale)).join(flowMessage('flow.cond.listSeparator', locale));
  const from = list[0] === undefined ? '?' : scalarText(list[0], locale);
  const to = list[1] === undefined ? '?' : scalarText(list[1], locale);
  return flowMessage(`flow.cond.op.${rule.operator}`, locale, { left, value, from, to });
}

function itemSentence(item: ConditionItem, locale: Locale, nested: boolean): string {
  if (item.kind === 'rule') return ruleSentence(item, locale);
  const parts = item.items.map((child) => itemSentence(child, locale, true)).filter((s) => s !== '');
  if (parts.length === 0) return '';
  const text = parts.join(` ${flowMessage(item.op === 'and' ? 'flow.cond.and' : 'flow.cond.or', locale)} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}

/** A condition as one sentence; an empty condition holds always. */
export function conditionSentence(
  group: ConditionGroup | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const text = group ? itemSentence(group, locale, false) : '';
  return text === '' ? flowMessage('flow.cond.always', locale) : text;
}

/** What a branch of a condition group says in the designer: its condition, or "otherwise" for the default. */
export function branchSentence(branch: ConditionBranch, locale: Locale = DEFAULT_LOCALE): string {
  return branch.isDefault
    ? flowMessage('flow.cond.otherwise', locale)
    : conditionSentence(branch.condition, locale);
}
