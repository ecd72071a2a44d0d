import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDecimal, lineAmount, sumDecimals, toScaled, validationMessage } from '@srm/contracts/core';
import { Button, DatePicker, Form, Input, Row, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayItem } from '../../components/dayField';
import { useAppStore } from '../../store/settings';

/** A line as an editor's form holds it (an order's with its price, a request's without). */
export interface EditedLine {
  id?: string;
  materialCode?: string;
  materialName: string;
  spec?: string;
  unit: string;
  quantity: string | number;
  unitPrice?: string | number;
  deliveryDate: string;
}

/** A server path (`lines.0.quantity`) as the form's field path. */
export const formPathOf = (path: string) =>
  path ? path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : null;

type Msg = (key: Parameters<typeof validationMessage>[0]) => string;

/**
 * A decimal field's rule: at most `places` decimals; a quantity above zero, a price or an amount
 * at zero or above (`optional`: an empty field passes, a price not quoted).
 */
export function decimalRule(
  places: number,
  key: 'validation.poQuantity' | 'validation.poPrice' | 'validation.poMoney',
  msg: Msg,
  optional = false,
) {
  return {
    validator: (_: unknown, v: unknown) => {
      const text = String(v ?? '').trim();
      if (optional && text === '') return Promise.resolve();
      const fraction = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
      const scaled = fraction <= places ? toScaled(text, places) : null;
      const ok = scaled !== null && (key === 'validation.poQuantity' ? scaled > 0n : scaled >= 0n);
      return ok ? Promise.resolve() : Promise.reject(new Error(msg(key)));
    },
  };
}

/** The amount of a line typed so far, or null while its quantity or price is not a number. */
export function typedAmount(quantity: unknown, unitPrice: unknown): string | null {
  const q = String(quantity ?? '').trim();
  const p = String(unitPrice ?? '').trim();
  return toScaled(q, 4) !== null && toScaled(p, 4) !== null ? lineAmount(q, p) : null;
}

/** The total of the lines typed so far (nothing for a line not yet a number). */
function totalOf(lines: EditedLine[] | undefined): string {
  return sumDecimals((lines ?? []).flatMap((l) => typedAmount(l?.quantity, l?.unitPrice) ?? []));
}

/**
 * The `lines` of an editor's form as a table: material, unit, quantity, delivery date (and with
 * `priced`, the unit price, the amount and the total), a line added or removed. The texts come from
 * the namespace `ns`, the test ids are `${prefix}-line-<field>`, `${prefix}-line-add`, ….
 * `actions` stand beside the add button.
 */
export function LinesEditor({
  ns,
  prefix,
  max,
  priced = false,
  emptyLine,
  actions,
}: {
  ns: string;
  prefix: string;
  max: number;
  priced?: boolean;
  emptyLine: () => EditedLine;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const language = useAppStore((s) => s.language);
  const msg: Msg = (key) => validationMessage(key, language);
  const form = Form.useFormInstance();
  const lines = Form.useWatch('lines', form) as EditedLine[] | undefined;
  const required = { required: true, whitespace: true, message: msg('validation.required') };
  const decimals = (
    [
      ['quantity', 4, 'validation.poQuantity'] as const,
      ['unitPrice', 4, 'validation.poPrice'] as const,
    ] as const
  ).filter(([name]) => priced || name === 'quantity');
  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: (_, v: unknown[]) =>
            v?.length ? Promise.resolve() : Promise.reject(new Error(msg('validation.poLinesRequired'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            data-testid={`${prefix}-editor-lines`}
            columns={[
              { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
              ...(
                [
                  ['materialCode', 120, 40, []],
                  ['materialName', 180, 100, [required]],
                  ['spec', 140, 100, []],
                  ['unit', 80, 20, [required]],
                ] as const
              ).map(([name, width, maxLength, rules]) => ({
                title: t(name),
                key: name,
                width,
                render: (_: unknown, f: { name: number }) => (
                  <Form.Item name={[f.name, name]} rules={[...rules]} style={{ margin: 0 }}>
                    <Input
                      maxLength={maxLength}
                      aria-label={`${t(name)} ${f.name + 1}`}
                      data-testid={`${prefix}-line-${name}`}
                    />
                  </Form.Item>
                ),
              })),
              ...decimals.map(([name, places, key]) => ({
                title: t(name),
                key: name,
                width: 110,
                render: (_: unknown, f: { name: number }) => (
                  <Form.Item
                    name={[f.name, name]}
                    rules={[decimalRule(places, key, msg)]}
                    style={{ margin: 0 }}
                  >
                    <Input
                      inputMode="decimal"
                      aria-label={`${t(name)} ${f.name + 1}`}
                      data-testid={`${prefix}-line-${name}`}
                    />
                  </Form.Item>
                ),
              })),
              {
                title: t('deliveryDate'),
                key: 'deliveryDate',
                width: 150,
                render: (_: unknown, f: { name: number }) => (
                  <Form.Item
                    name={[f.name, 'deliveryDate']}
                    rules={[{ required: true, message: msg('validation.required') }]}
                    style={{ margin: 0 }}
                    {...dayItem}
                  >
                    <DatePicker
                      aria-label={`${t('deliveryDate')} ${f.name + 1}`}
                      data-testid={`${prefix}-line-deliveryDate`}
                    />
                  </Form.Item>
                ),
              },
              ...(priced
                ? [
                    {
                      title: t('amount'),
                      key: 'amount',
                      width: 110,
                      align: 'right' as const,
                      render: (_: unknown, f: { name: number }) => {
                        const l = lines?.[f.name];
                        const amount = l ? typedAmount(l.quantity, l.unitPrice) : null;
                        return amount === null ? '' : formatDecimal(amount);
                      },
                    },
                  ]
                : []),
              {
                title: t('actions'),
                key: 'remove',
                width: 60,
                render: (_: unknown, f: { name: number }) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeLine', { n: f.name + 1 })}
                    onClick={() => remove(f.name)}
                    data-testid={`${prefix}-line-remove`}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Row justify="space-between" style={{ marginTop: 8, rowGap: 8 }}>
            <Space wrap>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(emptyLine())}
                disabled={fields.length >= max}
                data-testid={`${prefix}-line-add`}
              >
                {t('addLine')}
              </Button>
              {actions}
            </Space>
            {priced && (
              <Typography.Text strong data-testid={`${prefix}-editor-total`}>
                {t('linesTotal', { amount: formatDecimal(totalOf(lines)) })}
              </Typography.Text>
            )}
          </Row>
        </>
      )}
    </Form.List>
  );
}
