import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { cellStates, type FormField, type FormStates, type Locale } from '@srm/contracts/core';
import { Button, Form, Table } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { fieldControl } from './FieldControl';
import { FieldValue, type FormLabels } from './FieldValue';
import { fieldRules } from './fieldRules';
import { computeRow, fieldLabel } from './formValues';
import { NarrowedOptions, parentPath } from './NarrowedOptions';

/** A computed cell, recomputed from its line as the user types. */
function ComputedCell({
  table,
  index,
  column,
  locale,
}: {
  table: string;
  index: number;
  column: FormField;
  locale: Locale;
}) {
  const row = Form.useWatch([table, index]) as Record<string, unknown> | undefined;
  return <FieldValue field={column} value={computeRow(column, row ?? {})} labels={{}} locale={locale} />;
}

/** A cell the linkage rules make read-only: its value as text, kept in the line. */
function CellValue({
  value,
  column,
  locale,
  labels,
  testId,
}: {
  value?: unknown;
  column: FormField;
  locale: Locale;
  labels: FormLabels;
  testId: string;
}) {
  return (
    <span data-testid={testId}>
      <FieldValue field={column} value={value} labels={labels} locale={locale} />
    </span>
  );
}

/**
 * A table field edited line by line (the requisition's item lines): each column's control and
 * rules from the schema, computed columns shown as they follow, lines added and removed.
 */
export function LinesTable({
  field,
  rules,
  labels,
  locale,
  states = null,
}: {
  field: FormField;
  rules: Rule[];
  labels: FormLabels;
  locale: Locale;
  /** The linkage rules' states (a column hidden as a whole is left out; a cell follows its line). */
  states?: FormStates | null;
}) {
  const { t } = useTranslation('flowTask');
  const hiddenColumns = states?.columns[field.name]?.hidden;
  const columns = (field.columns ?? []).filter((c) => !hiddenColumns?.has(c.name));
  return (
    <Form.List name={field.name} rules={rules as never}>
      {(lines, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            // Sized by the cells' least widths (each control fills its cell), not the controls'
            // natural widths: the lines fit the drawer and scroll only when they cannot.
            tableLayout="auto"
            scroll={{ x: true }}
            dataSource={lines}
            data-testid={`flow-form-${field.name}`}
            locale={{ emptyText: t('form.noLines') }}
            columns={[
              ...columns.map((column) => ({
                key: column.name,
                title: `${column.required ? '* ' : ''}${fieldLabel(column, locale)}`,
                onCell: () => ({
                  style: { minWidth: column.type === 'input' ? 140 : 110, verticalAlign: 'top' },
                }),
                render: (_: unknown, line: { name: number }) => {
                  if (column.computed)
                    return (
                      <ComputedCell table={field.name} index={line.name} column={column} locale={locale} />
                    );
                  const cell = states ? cellStates(states, field.name, line.name, column.name) : null;
                  if (cell?.hidden) return null;
                  const testId = `flow-form-${field.name}-${line.name}-${column.name}`;
                  if (cell?.disabled)
                    return (
                      <Form.Item name={[line.name, column.name]} style={{ margin: 0 }}>
                        <CellValue column={column} locale={locale} labels={labels} testId={testId} />
                      </Form.Item>
                    );
                  const cellItem = (shown: FormField) => {
                    const { control, item } = fieldControl(shown, {
                      labels,
                      locale,
                      testId,
                      placeholder: '',
                      ariaLabel: t('form.cell', { column: fieldLabel(column, locale), line: line.name + 1 }),
                    });
                    return (
                      <Form.Item
                        name={[line.name, column.name]}
                        rules={fieldRules(
                          column,
                          column.required === true || cell?.required === true,
                          locale,
                        )}
                        style={{ margin: 0 }}
                        {...item}
                      >
                        {control}
                      </Form.Item>
                    );
                  };
                  return column.optionFilter ? (
                    <NarrowedOptions
                      field={column}
                      name={[field.name, line.name, column.name]}
                      parent={parentPath(column, { field, index: line.name })}
                    >
                      {cellItem}
                    </NarrowedOptions>
                  ) : (
                    cellItem(column)
                  );
                },
              })),
              {
                key: 'actions',
                title: t('form.lineActions'),
                render: (_: unknown, line: { name: number }) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeLine', { line: line.name + 1 })}
                    onClick={() => remove(line.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({})}
            style={{ marginTop: 8 }}
            disabled={lines.length >= 200}
            data-testid={`flow-form-${field.name}-add`}
          >
            {t('form.addLine')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
