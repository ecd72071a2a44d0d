import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  type DataModelDefinition,
  type DataModelField,
  LIST_BUTTONS,
  LIST_COLUMN_FORMATS,
  type ListColumn,
  type ListDesign,
  type ListQueryField,
  type Locale,
  queryOpsOf,
} from '@srm/contracts/core';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Radio, Select, Space, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { moveItem } from './designOps';

/** Fields a list can show, query and sort by: not sub-tables, not files. */
const listable = (f: DataModelField) => f.kind !== 'lines' && f.kind !== 'file';

function Problems({ messages, testId }: { messages: string[] | undefined; testId: string }) {
  if (!messages?.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={messages.join(' ')}
      style={{ marginBottom: 8 }}
      data-testid={testId}
    />
  );
}

/** The list step: columns, query fields, default sort, page size, buttons and a tree model's tree. */
export function ListStep({
  model,
  list,
  onChange,
  problems,
  locale,
  readOnly,
}: {
  model: DataModelDefinition;
  list: ListDesign;
  onChange: (list: ListDesign) => void;
  problems: Record<string, string[]>;
  locale: Locale;
  readOnly: boolean;
}) {
  const { t } = useTranslation('onlineDev');
  const fields = model.fields.filter(listable);
  const byCode = new Map(model.fields.map((f) => [f.code, f]));
  const nameOf = (code: string) => {
    const f = byCode.get(code);
    return f ? f.names[locale] || f.names['zh-CN'] : code;
  };
  const options = (taken: string[]) =>
    fields.filter((f) => !taken.includes(f.code)).map((f) => ({ value: f.code, label: nameOf(f.code) }));
  const set = (patch: Partial<ListDesign>) => onChange({ ...list, ...patch });
  const setColumn = (i: number, patch: Partial<ListColumn>) =>
    set({ columns: list.columns.map((c, n) => (n === i ? { ...c, ...patch } : c)) });
  const setQuery = (i: number, patch: Partial<ListQueryField>) =>
    set({ query: list.query.map((q, n) => (n === i ? { ...q, ...patch } : q)) });
  const rowProblems = (what: string, i: number) => problems[`${what}.${i}`];

  const moveButtons = (what: 'columns' | 'query', i: number, count: number, name: string) => (
    <Space size={0}>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={t('form.moveUp', { name })}
        disabled={readOnly || i === 0}
        onClick={() => set({ [what]: moveItem(list[what] as unknown[], i, i - 1) } as Partial<ListDesign>)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={t('form.moveDown', { name })}
        disabled={readOnly || i === count - 1}
        onClick={() => set({ [what]: moveItem(list[what] as unknown[], i, i + 1) } as Partial<ListDesign>)}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('form.remove', { name })}
        disabled={readOnly}
        onClick={() =>
          set({ [what]: (list[what] as unknown[]).filter((_, n) => n !== i) } as Partial<ListDesign>)
        }
      />
    </Space>
  );

  const columnRows: ColumnsType<ListColumn & { index: number }> = [
    {
      title: t('listStep.field'),
      key: 'field',
      width: 160,
      render: (_, c) => (
        <>
          <span data-testid={`wd-col-${c.field}`}>{nameOf(c.field)}</span>
          {rowProblems('columns', c.index)?.map((m) => (
            <div key={m} className="wd-item-error" data-testid={`wd-col-error-${c.index}`}>
              {m}
            </div>
          ))}
        </>
      ),
    },
    {
      title: t('listStep.width'),
      key: 'width',
      width: 110,
      render: (_, c) => (
        <InputNumber
          aria-label={t('listStep.widthOf', { name: nameOf(c.field) })}
          min={40}
          max={800}
          value={c.width ?? null}
          disabled={readOnly}
          onChange={(v) => setColumn(c.index, { width: v ?? undefined })}
        />
      ),
    },
    {
      title: t('listStep.fixed'),
      key: 'fixed',
      width: 120,
      render: (_, c) => (
        <Select
          aria-label={t('listStep.fixedOf', { name: nameOf(c.field) })}
          allowClear
          style={{ width: 100 }}
          value={c.fixed}
          disabled={readOnly}
          placeholder={t('listStep.notFixed')}
          options={[
            { value: 'left', label: t('listStep.left') },
            { value: 'right', label: t('listStep.right') },
          ]}
          onChange={(fixed) => setColumn(c.index, { fixed })}
        />
      ),
    },
    {
      title: t('listStep.sortable'),
      key: 'sortable',
      width: 80,
      render: (_, c) => (
        <Switch
          aria-label={t('listStep.sortableOf', { name: nameOf(c.field) })}
          checked={c.sortable === true}
          disabled={readOnly}
          onChange={(v) => setColumn(c.index, { sortable: v || undefined })}
        />
      ),
    },
    {
      title: t('listStep.format'),
      key: 'format',
      width: 130,
      render: (_, c) => (
        <Select
          aria-label={t('listStep.formatOf', { name: nameOf(c.field) })}
          allowClear
          style={{ width: 110 }}
          value={c.format}
          disabled={readOnly}
          placeholder={t('listStep.formats.text')}
          options={LIST_COLUMN_FORMATS.map((f) => ({ value: f, label: t(`listStep.formats.${f}`) }))}
          onChange={(format) => setColumn(c.index, { format })}
        />
      ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 110,
      render: (_, c) => moveButtons('columns', c.index, list.columns.length, nameOf(c.field)),
    },
  ];

  return (
    <div className="wd-list-step" data-testid="wd-list-step">
      <Card size="small" title={<h3 className="wd-panel-title wd-inline">{t('listStep.columns')}</h3>}>
        <Problems messages={problems.columns} testId="wd-list-columns-errors" />
        {!readOnly && (
          <Select
            aria-label={t('listStep.addColumn')}
            placeholder={t('listStep.addColumn')}
            style={{ width: 240, marginBottom: 8 }}
            value={null}
            options={options(list.columns.map((c) => c.field))}
            onChange={(field: string) => set({ columns: [...list.columns, { field }] })}
            data-testid="wd-add-column"
          />
        )}
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          scroll={{ x: 700 }}
          columns={columnRows}
          dataSource={list.columns.map((c, index) => ({ ...c, index }))}
          data-testid="wd-list-columns"
        />
      </Card>
      <Card size="small" title={<h3 className="wd-panel-title wd-inline">{t('listStep.query')}</h3>}>
        <Problems messages={problems.query} testId="wd-list-query-errors" />
        {!readOnly && (
          <Select
            aria-label={t('listStep.addQuery')}
            placeholder={t('listStep.addQuery')}
            style={{ width: 240, marginBottom: 8 }}
            value={null}
            options={options(list.query.map((q) => q.field)).filter((o) => {
              const f = byCode.get(o.value);
              return f ? queryOpsOf(f.kind).length > 0 : false;
            })}
            onChange={(field: string) => {
              const f = byCode.get(field);
              const op = f ? queryOpsOf(f.kind)[0] : undefined;
              if (op) set({ query: [...list.query, { field, op }] });
            }}
            data-testid="wd-add-query"
          />
        )}
        {list.query.map((q, i) => {
          const f = byCode.get(q.field);
          return (
            <div key={q.field} className="wd-query-row" data-testid={`wd-query-${q.field}`}>
              <Space wrap>
                <span className="wd-query-name">{nameOf(q.field)}</span>
                <Select
                  aria-label={t('listStep.opOf', { name: nameOf(q.field) })}
                  style={{ width: 140 }}
                  value={q.op}
                  disabled={readOnly}
                  options={(f ? queryOpsOf(f.kind) : [q.op]).map((op) => ({
                    value: op,
                    label: t(`listStep.ops.${op}`),
                  }))}
                  onChange={(op) => setQuery(i, { op })}
                  data-testid={`wd-query-op-${q.field}`}
                />
                {moveButtons('query', i, list.query.length, nameOf(q.field))}
              </Space>
              {rowProblems('query', i)?.map((m) => (
                <div key={m} className="wd-item-error">
                  {m}
                </div>
              ))}
            </div>
          );
        })}
      </Card>
      <Card size="small" title={<h3 className="wd-panel-title wd-inline">{t('listStep.behaviour')}</h3>}>
        <Form layout="vertical" component="div">
          <Form.Item label={t('listStep.sort')} htmlFor="wd-sort-field">
            <Problems messages={problems.sort} testId="wd-list-sort-errors" />
            <Space wrap>
              <Select
                id="wd-sort-field"
                allowClear
                style={{ width: 200 }}
                value={list.sort?.field}
                disabled={readOnly}
                placeholder={t('listStep.noSort')}
                options={options([])}
                onChange={(field?: string) =>
                  set({ sort: field ? { field, order: list.sort?.order ?? 'desc' } : undefined })
                }
                data-testid="wd-sort-field"
              />
              {list.sort && (
                <Radio.Group
                  aria-label={t('listStep.order')}
                  value={list.sort.order}
                  disabled={readOnly}
                  onChange={(e) => set({ sort: { field: list.sort!.field, order: e.target.value } })}
                  options={[
                    { value: 'asc', label: t('listStep.asc') },
                    { value: 'desc', label: t('listStep.desc') },
                  ]}
                />
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t('listStep.pageSize')} htmlFor="wd-page-size">
            <Problems messages={problems.pageSize} testId="wd-list-page-errors" />
            <Select
              id="wd-page-size"
              style={{ width: 120 }}
              value={list.pageSize}
              disabled={readOnly}
              options={[10, 20, 50, 100].map((n) => ({
                value: n,
                label: t('listStep.perPage', { count: n }),
              }))}
              onChange={(pageSize) => set({ pageSize })}
              data-testid="wd-page-size"
            />
          </Form.Item>
          <Form.Item label={t('listStep.buttons')}>
            <Checkbox.Group
              value={list.buttons}
              disabled={readOnly}
              options={LIST_BUTTONS.map((b) => ({ value: b, label: t(`listStep.buttonNames.${b}`) }))}
              onChange={(buttons) => set({ buttons })}
              data-testid="wd-buttons"
            />
          </Form.Item>
          {model.isTree && (
            <Form.Item label={t('listStep.tree')} htmlFor="wd-tree-field" extra={t('listStep.treeHelp')}>
              <Problems messages={problems.tree} testId="wd-list-tree-errors" />
              <Select
                id="wd-tree-field"
                allowClear
                style={{ width: 200 }}
                value={list.tree?.field}
                disabled={readOnly}
                placeholder={t('listStep.noTree')}
                options={options([])}
                onChange={(field?: string) => set({ tree: field ? { field } : undefined })}
              />
            </Form.Item>
          )}
        </Form>
      </Card>
    </div>
  );
}
