import type {
  ConditionBranch,
  ConditionGroup,
  ConditionItem,
  ConditionRule,
  ConditionScalar,
} from '@srm/contracts';

/** What a branch condition may read about the task: its form and the launcher's organisation. */
export interface ConditionFacts {
  form: Readonly<Record<string, unknown>>;
  launcher: {
    /** The launcher's department and every department above it (a condition on a department covers those below). */
    deptIds: readonly string[];
    roleIds: readonly string[];
    positionIds: readonly string[];
  };
}

const isBlank = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function same(a: unknown, b: ConditionScalar): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x === y;
  return String(a) === String(b);
}

function compare(a: unknown, b: unknown): number | null {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x - y;
  // Dates and other text compare as text (ISO dates order correctly that way).
  if (typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '')
    return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : isBlank(v) ? [] : [v]);

function evaluateRule(rule: ConditionRule, facts: ConditionFacts): boolean {
  const left: unknown =
    rule.source === 'form'
      ? rule.field === undefined
        ? undefined
        : facts.form[rule.field]
      : rule.source === 'launcherDept'
        ? facts.launcher.deptIds
        : rule.source === 'launcherRole'
          ? facts.launcher.roleIds
          : facts.launcher.positionIds;
  const values = listOf(rule.value) as ConditionScalar[];
  const lefts = listOf(left);
  const anyIn = () => lefts.some((l) => values.some((v) => same(l, v)));
  switch (rule.operator) {
    case 'empty':
      return isBlank(left);
    case 'notEmpty':
      return !isBlank(left);
    case 'eq':
      return Array.isArray(left)
        ? anyIn()
        : values[0] !== undefined && !isBlank(left) && same(left, values[0]);
    case 'ne':
      return Array.isArray(left)
        ? !anyIn()
        : values[0] === undefined || isBlank(left) || !same(left, values[0]);
    case 'in':
      return anyIn();
    case 'notIn':
      return !anyIn();
    case 'contains':
      return Array.isArray(left)
        ? anyIn()
        : typeof left === 'string' && values[0] !== undefined && left.includes(String(values[0]));
    case 'notContains':
      return Array.isArray(left)
        ? !anyIn()
        : typeof left !== 'string' || values[0] === undefined || !left.includes(String(values[0]));
    case 'between': {
      const low = compare(left, values[0]);
      const high = compare(left, values[1]);
      return low !== null && high !== null && low >= 0 && high <= 0;
    }
    default: {
      // A missing or non-comparable value never satisfies an ordering: "amount > 50000" is false when blank.
      const c = isBlank(left) || Array.isArray(left) ? null : compare(left, values[0]);
      if (c === null) return false;
      return rule.operator === 'gt'
        ? c > 0
        : rule.operator === 'gte'
          ? c >= 0
          : rule.operator === 'lt'
            ? c < 0
            : c <= 0;
    }
  }
}

function evaluateItem(item: ConditionItem, facts: ConditionFacts): boolean {
  if (item.kind === 'rule') return evaluateRule(item, facts);
  if (item.items.length === 0) return true;
  return item.op === 'and'
    ? item.items.every((child) => evaluateItem(child, facts))
    : item.items.some((child) => evaluateItem(child, facts));
}

/** Whether a condition holds; an empty condition always holds. */
export function evaluateCondition(
  condition: ConditionGroup | null | undefined,
  facts: ConditionFacts,
): boolean {
  return condition ? evaluateItem(condition, facts) : true;
}

/** The branch a condition group takes: the first non-default branch whose condition holds, else the default. */
export function chooseBranch(
  branches: readonly ConditionBranch[],
  facts: ConditionFacts,
): ConditionBranch | undefined {
  return (
    branches.find((b) => !b.isDefault && evaluateCondition(b.condition, facts)) ??
    branches.find((b) => b.isDefault)
  );
}
