import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** A row of a `Form.List`: its stable key and its place in the list (the form's name part). */
export interface ListRow {
  key: number;
  name: number;
}

/**
 * The grids of the model editor (fields, indexes): a table over a `Form.List`, each row ending in
 * its remove button (labelled with its row for a screen reader), and an add button under it.
 * Test ids: `${prefix}-${n}-remove`, `${prefix}-add`, `testId` on the table.
 */
export function RowsGrid({
  list,
  columns,
  testId,
  prefix,
  disabled,
  canAdd,
  emptyText,
  removeTitle,
  removeLabel,
  onRemove,
  addLabel,
  onAdd,
}: {
  list: ListRow[];
  columns: ColumnsType<ListRow>;
  testId: string;
  prefix: string;
  disabled: boolean;
  canAdd: boolean;
  emptyText?: ReactNode;
  removeTitle: string;
  removeLabel: (row: number) => string;
  onRemove: (row: number) => void;
  addLabel: ReactNode;
  onAdd: () => void;
}) {
  const all: ColumnsType<ListRow> = [
    ...columns,
    {
      title: <span className="srm-visually-hidden">{removeTitle}</span>,
      key: 'remove',
      render: (_, row) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={disabled}
          onClick={() => onRemove(row.name)}
          aria-label={removeLabel(row.name)}
          data-testid={`${prefix}-${row.name}-remove`}
        />
      ),
    },
  ];
  return (
    <>
      <Table<ListRow>
        rowKey="key"
        size="small"
        pagination={false}
        columns={all}
        dataSource={list}
        locale={emptyText ? { emptyText } : undefined}
        scroll={{ x: 'max-content' }}
        data-testid={testId}
      />
      {!disabled && canAdd && (
        <Button
          icon={<PlusOutlined />}
          onClick={onAdd}
          style={{ marginTop: 12 }}
          data-testid={`${prefix}-add`}
        >
          {addLabel}
        </Button>
      )}
    </>
  );
}
