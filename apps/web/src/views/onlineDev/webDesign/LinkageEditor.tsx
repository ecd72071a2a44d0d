import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LINKAGE_EFFECTS,
  LINKAGE_OPS,
  type LinkageCondition,
  type LinkageOp,
  type LinkageRule,
  type Locale,
} from '@srm/contracts/core';
import { Alert, Button, Card, Empty, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanvasItem } from './designOps';
import { fieldLabelIn } from './FieldPanel';

const NO_VALUE: readonly LinkageOp[] = ['empty', 'notEmpty'];
const LIST_VALUE: readonly LinkageOp[] = ['in', 'notIn'];

/** A condition's value as typed: a list for in / not in (comma separated), none for empty. */
function valueText(c: LinkageCondition): string {
  if (c.value === undefined) return '';
  return Array.isArray(c.value) ? c.value.join(',') : String(c.value);
}
function parseValue(op: LinkageOp, text: string): LinkageCondition['value'] {
  if (NO_VALUE.includes(op)) return undefined;
  if (LIST_VALUE.includes(op))
    return text
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean);
  return text;
}

/**
 * The form's linkage rules: when conditions on fields hold (all or any), other fields are shown,
 * hidden, required or disabled. A sub-table's columns are named `table.column`.
 */
export function LinkageEditor({
  items,
  rules,
  onChange,
  problems,
  locale,
  readOnly,
}: {
  items: CanvasItem[];
  rules: LinkageRule[];
  onChange: (rules: LinkageRule[]) => void;
  problems: Record<number, string[]>;
  locale: Locale;
  readOnly: boolean;
}) {
  const { t } = useTranslation('onlineDev');
  const fields = items.flatMap((i) => {
    if (i.kind !== 'field') return [];
    const label = fieldLabelIn(i.field, locale);
    if (i.field.type !== 'table') return [{ value: i.field.name, label }];
    return (i.field.columns ?? []).map((c) => ({
      value: `${i.field.name}.${c.name}`,
      label: `${label} · ${fieldLabelIn(c, locale)}`,
    }));
  });
  const targets = items.flatMap((i) =>
    i.kind === 'field' ? [{ value: i.field.name, label: fieldLabelIn(i.field, locale) }] : [],
  );
  const set = (index: number, patch: Partial<LinkageRule>) =>
    onChange(rules.map((r, n) => (n === index ? { ...r, ...patch } : r)));
  const setWhen = (index: number, w: number, patch: Partial<LinkageCondition>) => {
    const rule = rules[index] as LinkageRule;
    set(index, { when: rule.when.map((c, n) => (n === w ? { ...c, ...patch } : c)) });
  };
  const first = fields[0]?.value ?? '';

  return (
    <Card
      size="small"
      title={<h3 className="wd-panel-title wd-inline">{t('linkage.title')}</h3>}
      data-testid="wd-linkage"
      extra={
        !readOnly && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={fields.length === 0}
            onClick={() =>
              onChange([
                ...rules,
                { when: [{ field: first, op: 'eq', value: '' }], effect: 'show', fields: [] },
              ])
            }
            data-testid="wd-linkage-add"
          >
            {t('linkage.add')}
          </Button>
        )
      }
    >
      {rules.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('linkage.none')} />}
      {rules.map((rule, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a rule is its place in the list (the server names it so).
        <div key={index} className="wd-rule" data-testid={`wd-rule-${index}`}>
          {problems[index] && (
            <Alert
              type="error"
              showIcon
              title={problems[index].join(' ')}
              style={{ marginBottom: 8 }}
              data-testid={`wd-rule-${index}-errors`}
            />
          )}
          <Space wrap align="center">
            <span>{t('linkage.when')}</span>
            <Select
              aria-label={t('linkage.match', { n: index + 1 })}
              value={rule.match ?? 'all'}
              disabled={readOnly}
              style={{ width: 130 }}
              options={[
                { value: 'all', label: t('linkage.all') },
                { value: 'any', label: t('linkage.any') },
              ]}
              onChange={(match) => set(index, { match: match === 'all' ? undefined : match })}
            />
          </Space>
          {rule.when.map((c, w) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions are their place in the rule.
            <Space key={w} wrap className="wd-rule-row">
              <Select
                aria-label={t('linkage.conditionField', { n: w + 1 })}
                value={c.field}
                disabled={readOnly}
                style={{ width: 180 }}
                options={fields}
                onChange={(field) => setWhen(index, w, { field })}
                data-testid={`wd-rule-${index}-field-${w}`}
              />
              <Select<LinkageOp>
                aria-label={t('linkage.conditionOp', { n: w + 1 })}
                value={c.op}
                disabled={readOnly}
                style={{ width: 130 }}
                options={LINKAGE_OPS.map((op) => ({ value: op, label: t(`linkage.ops.${op}`) }))}
                onChange={(op) => setWhen(index, w, { op, value: parseValue(op, valueText(c)) })}
                data-testid={`wd-rule-${index}-op-${w}`}
              />
              {!NO_VALUE.includes(c.op) && (
                <Input
                  aria-label={t('linkage.conditionValue', { n: w + 1 })}
                  value={valueText(c)}
                  disabled={readOnly}
                  style={{ width: 160 }}
                  placeholder={LIST_VALUE.includes(c.op) ? t('linkage.listHint') : undefined}
                  onChange={(e) => setWhen(index, w, { value: parseValue(c.op, e.target.value) })}
                  data-testid={`wd-rule-${index}-value-${w}`}
                />
              )}
              {!readOnly && rule.when.length > 1 && (
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('linkage.removeCondition', { n: w + 1 })}
                  onClick={() => set(index, { when: rule.when.filter((_, n) => n !== w) })}
                />
              )}
            </Space>
          ))}
          {!readOnly && (
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              onClick={() => set(index, { when: [...rule.when, { field: first, op: 'eq', value: '' }] })}
            >
              {t('linkage.addCondition')}
            </Button>
          )}
          <Space wrap className="wd-rule-row">
            <span>{t('linkage.then')}</span>
            <Select
              aria-label={t('linkage.effect', { n: index + 1 })}
              value={rule.effect}
              disabled={readOnly}
              style={{ width: 130 }}
              options={LINKAGE_EFFECTS.map((e) => ({ value: e, label: t(`linkage.effects.${e}`) }))}
              onChange={(effect) => set(index, { effect })}
              data-testid={`wd-rule-${index}-effect`}
            />
            <Select
              mode="multiple"
              aria-label={t('linkage.targets', { n: index + 1 })}
              value={rule.fields}
              disabled={readOnly}
              style={{ minWidth: 220 }}
              placeholder={t('linkage.targetsHint')}
              options={targets}
              onChange={(list) => set(index, { fields: list })}
              data-testid={`wd-rule-${index}-targets`}
            />
            {!readOnly && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange(rules.filter((_, n) => n !== index))}
                data-testid={`wd-rule-${index}-remove`}
              >
                {t('linkage.remove')}
              </Button>
            )}
          </Space>
        </div>
      ))}
    </Card>
  );
}
