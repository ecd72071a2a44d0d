import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONDITION_OPERATORS,
  type ConditionGroup,
  type ConditionOperator,
  type ConditionRule,
  type ConditionSource,
  conditionSentence,
  type FormSchema,
  type Locale,
} from '@srm/contracts/core';
import { Alert, Button, Flex, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { conditionFields, fieldLabel, NUMERIC_TYPES, ruleLabels } from './forms';
import { useOrgOptions } from './options';

const NUMERIC_OPS: readonly ConditionOperator[] = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'empty',
  'notEmpty',
];
const TEXT_OPS: readonly ConditionOperator[] = [
  'eq',
  'ne',
  'contains',
  'notContains',
  'in',
  'notIn',
  'empty',
  'notEmpty',
];
const FACT_OPS: readonly ConditionOperator[] = ['in', 'notIn'];

/**
 * A branch's condition: rules joined by "and" or "or" (a nested group from an import is kept and
 * shown in the sentence). Above the rules, the sentence the contracts make of it in the UI language.
 */
export function ConditionEditor({
  value,
  onChange,
  form,
  locale,
}: {
  value: ConditionGroup | null | undefined;
  onChange(next: ConditionGroup): void;
  form: FormSchema | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('workflow');
  const { roles, positions } = useOrgOptions();
  const group: ConditionGroup = value ?? { kind: 'group', op: 'and', items: [] };
  const fields = conditionFields(form);
  // Rules have no ids of their own: a rule is its position, and every input is controlled.
  const slots = group.items.map((item, i) => `${item.kind}-${i}`);
  const set = (items: ConditionGroup['items']) => onChange({ ...group, items });
  const patchRule = (index: number, patch: Partial<ConditionRule>) =>
    set(group.items.map((item, i) => (i === index && item.kind === 'rule' ? { ...item, ...patch } : item)));

  const opsFor = (rule: ConditionRule): readonly ConditionOperator[] => {
    if (rule.source !== 'form') return FACT_OPS;
    const f = fields.find((x) => x.name === rule.field);
    return f && NUMERIC_TYPES.includes(f.type) ? NUMERIC_OPS : f ? TEXT_OPS : CONDITION_OPERATORS;
  };

  const addRule = () => {
    const first = fields[0];
    set([
      ...group.items,
      first
        ? {
            kind: 'rule',
            source: 'form',
            field: first.name,
            ...ruleLabels(first),
            operator: 'eq',
            value: null,
          }
        : { kind: 'rule', source: 'launcherRole', operator: 'in', value: [] },
    ]);
  };

  const valueInput = (rule: ConditionRule, index: number) => {
    if (rule.operator === 'empty' || rule.operator === 'notEmpty') return null;
    if (
      rule.source === 'launcherRole' ||
      rule.source === 'launcherPosition' ||
      rule.source === 'launcherDept'
    ) {
      const options =
        rule.source === 'launcherRole' ? roles : rule.source === 'launcherPosition' ? positions : [];
      const chosen = Array.isArray(rule.value) ? rule.value.map(String) : [];
      if (rule.source === 'launcherDept')
        return (
          <Input
            aria-label={t('cond.value')}
            placeholder={t('cond.deptIds')}
            value={chosen.join(',')}
            onChange={(e) => {
              const ids = e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean);
              patchRule(index, { value: ids, valueLabel: undefined });
            }}
          />
        );
      return (
        <Select
          mode="multiple"
          aria-label={t('cond.value')}
          style={{ minWidth: 180 }}
          options={options}
          value={chosen}
          optionFilterProp="label"
          onChange={(ids: string[]) =>
            patchRule(index, {
              value: ids,
              valueLabel: ids
                .map((id) => options.find((o) => o.value === id)?.label ?? id)
                .join(t('cond.listSeparator')),
            })
          }
        />
      );
    }
    const f = fields.find((x) => x.name === rule.field);
    const numeric = !!f && NUMERIC_TYPES.includes(f.type);
    if (rule.operator === 'between') {
      const [from, to] = Array.isArray(rule.value) ? rule.value : [];
      return (
        <Space.Compact>
          <InputNumber
            aria-label={t('cond.from')}
            value={typeof from === 'number' ? from : null}
            onChange={(v) => patchRule(index, { value: [v ?? 0, typeof to === 'number' ? to : 0] })}
          />
          <InputNumber
            aria-label={t('cond.to')}
            value={typeof to === 'number' ? to : null}
            onChange={(v) => patchRule(index, { value: [typeof from === 'number' ? from : 0, v ?? 0] })}
          />
        </Space.Compact>
      );
    }
    if (numeric)
      return (
        <InputNumber
          aria-label={t('cond.value')}
          data-testid="flow-cond-value"
          style={{ width: 140 }}
          value={typeof rule.value === 'number' ? rule.value : null}
          onChange={(v) => patchRule(index, { value: v ?? null })}
        />
      );
    const list = rule.operator === 'in' || rule.operator === 'notIn';
    const text = Array.isArray(rule.value)
      ? rule.value.join(',')
      : rule.value == null
        ? ''
        : String(rule.value);
    return (
      <Input
        aria-label={t('cond.value')}
        data-testid="flow-cond-value"
        style={{ width: 160 }}
        placeholder={list ? t('cond.listHint') : undefined}
        value={text}
        onChange={(e) =>
          patchRule(index, {
            value: list
              ? e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
              : e.target.value,
          })
        }
      />
    );
  };

  return (
    <Flex vertical gap={12} data-testid="flow-condition-editor">
      <Alert
        type="info"
        showIcon={false}
        title={conditionSentence(group, locale)}
        data-testid="flow-cond-sentence"
      />
      <Radio.Group
        value={group.op}
        onChange={(e) => onChange({ ...group, op: e.target.value })}
        optionType="button"
        aria-label={t('cond.join')}
        options={[
          { value: 'and', label: t('cond.all') },
          { value: 'or', label: t('cond.any') },
        ]}
      />
      {group.items.map((item, index) => {
        if (item.kind === 'group')
          return (
            <Flex key={slots[index]} gap={8} align="center">
              <Typography.Text>{conditionSentence(item, locale)}</Typography.Text>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('cond.removeRule')}
                onClick={() => set(group.items.filter((_, i) => i !== index))}
              />
            </Flex>
          );
        const rule = item;
        const ops = opsFor(rule);
        return (
          <Flex
            key={slots[index]}
            gap={8}
            wrap
            align="center"
            className="fd-rule"
            data-testid="flow-cond-rule"
          >
            <Select
              aria-label={t('cond.subject')}
              data-testid="flow-cond-field"
              style={{ width: 170 }}
              value={rule.source === 'form' ? `form:${rule.field ?? ''}` : rule.source}
              options={[
                ...fields.map((f) => ({ value: `form:${f.name}`, label: fieldLabel(f, locale) })),
                ...(['launcherDept', 'launcherRole', 'launcherPosition'] as ConditionSource[]).map((s) => ({
                  value: s,
                  label: t(`cond.source.${s}`),
                })),
              ]}
              onChange={(v: string) => {
                if (v.startsWith('form:')) {
                  const f = fields.find((x) => x.name === v.slice(5));
                  patchRule(index, {
                    source: 'form',
                    field: f?.name,
                    ...(f ? ruleLabels(f) : { label: undefined, labels: undefined }),
                    operator: 'eq',
                    value: null,
                    valueLabel: undefined,
                  });
                } else
                  patchRule(index, {
                    source: v as ConditionSource,
                    field: undefined,
                    label: undefined,
                    labels: undefined,
                    operator: 'in',
                    value: [],
                    valueLabel: undefined,
                  });
              }}
            />
            <Select
              aria-label={t('cond.operator')}
              data-testid="flow-cond-operator"
              style={{ width: 130 }}
              value={rule.operator}
              options={ops.map((op) => ({ value: op, label: t(`cond.op.${op}`) }))}
              onChange={(op: ConditionOperator) =>
                patchRule(index, { operator: op, value: op === 'between' ? [0, 0] : rule.value })
              }
            />
            {valueInput(rule, index)}
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('cond.removeRule')}
              onClick={() => set(group.items.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        onClick={addRule}
        data-testid="flow-cond-add"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('cond.addRule')}
      </Button>
    </Flex>
  );
}
