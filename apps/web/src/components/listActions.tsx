import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from './Auth';
import { useActionsFixed } from './useActionsFixed';

/** A small link button in a row's action column. */
export function RowAction({
  onClick,
  testId,
  danger,
  disabled,
  icon,
  children,
}: {
  onClick?: () => void;
  icon?: ReactNode;
  testId: string;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={disabled}
      icon={icon}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/**
 * A row's delete link behind a confirmation, shown only with the permission code. Test ids:
 * `testId` on the link and `confirmTestId` (by default `${testId}-confirm`) on the confirming button.
 */
export function DeleteAction({
  code,
  title,
  onConfirm,
  testId,
  confirmTestId = `${testId}-confirm`,
  icon,
  label,
}: {
  code: string;
  title: ReactNode;
  onConfirm: () => unknown;
  testId: string;
  confirmTestId?: string;
  icon?: ReactNode;
  label: ReactNode;
}) {
  return (
    <Auth code={code}>
      <Popconfirm
        title={title}
        onConfirm={onConfirm}
        okButtonProps={{ danger: true, 'data-testid': confirmTestId }}
      >
        <Button type="link" size="small" danger icon={icon} data-testid={testId}>
          {label}
        </Button>
      </Popconfirm>
    </Auth>
  );
}

/** A list's action column (key `actions`): pinned as `useActionsFixed` says, its links side by side. */
export function useActionColumn<T>(
  title: string,
  width: number,
  render: (row: T) => ReactNode,
): ColumnType<T> & { key: string } {
  const fixed = useActionsFixed();
  return { title, key: 'actions', fixed, width, render: (_, row) => <Space size={0}>{render(row)}</Space> };
}

/** The action column, or none at all when the user holds none of its codes (no empty column). */
export function actionColumns<T>(
  columns: (ColumnType<T> & { key: string })[],
  canAct: boolean,
): (ColumnType<T> & { key: string })[] {
  return canAct ? columns : columns.filter((c) => c.key !== 'actions');
}

/**
 * The row above a tree list: a live filter, an add button behind its code and a refresh. Test ids:
 * `${prefix}-filter`, `${prefix}-add`, `${prefix}-refresh`.
 */
export function TreeListToolbar({
  prefix,
  placeholder,
  onFilter,
  addCode,
  onAdd,
  addDisabled,
  onRefresh,
  addLabel,
  refreshLabel,
}: {
  prefix: string;
  placeholder: string;
  onFilter: (keyword: string) => void;
  addCode: string;
  onAdd: () => void;
  addDisabled?: boolean;
  onRefresh: () => void;
  addLabel: ReactNode;
  refreshLabel: ReactNode;
}) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        onChange={(e) => onFilter(e.target.value)}
        style={{ width: 240, maxWidth: '100%' }}
        data-testid={`${prefix}-filter`}
      />
      <Auth code={addCode}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={addDisabled}
          onClick={onAdd}
          data-testid={`${prefix}-add`}
        >
          {addLabel}
        </Button>
      </Auth>
      <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid={`${prefix}-refresh`}>
        {refreshLabel}
      </Button>
    </Space>
  );
}

/**
 * Search and reset as two buttons, so each is its own item of the toolbar's `Space` (filters that are
 * not a form, or a form's submit). Test ids: `${prefix}-search`, `${prefix}-reset`.
 */
export function SearchButton({ prefix, onClick }: { prefix: string; onClick?: () => void }) {
  const { t } = useTranslation('common');
  // Without `onClick` it is its form's submit button (Enter in a field searches too).
  return (
    <Button
      type="primary"
      htmlType={onClick ? 'button' : 'submit'}
      icon={<SearchOutlined />}
      onClick={onClick}
      data-testid={`${prefix}-search`}
    >
      {t('search')}
    </Button>
  );
}

export function ResetButton({ prefix, onClick }: { prefix: string; onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Button icon={<ReloadOutlined />} onClick={onClick} data-testid={`${prefix}-reset`}>
      {t('reset')}
    </Button>
  );
}

/**
 * A row's edit link and delete link, each behind its code. Test ids: `${prefix}-edit`,
 * `${prefix}-delete` and `${prefix}-delete-confirm`.
 */
export function EditDeleteActions({
  prefix,
  editCode,
  onEdit,
  editLabel,
  deleteCode,
  deleteTitle,
  onDelete,
  deleteLabel,
}: {
  prefix: string;
  editCode: string;
  onEdit: () => void;
  editLabel: ReactNode;
  deleteCode: string;
  deleteTitle: ReactNode;
  onDelete: () => unknown;
  deleteLabel: ReactNode;
}) {
  return (
    <>
      <Auth code={editCode}>
        <RowAction onClick={onEdit} testId={`${prefix}-edit`}>
          {editLabel}
        </RowAction>
      </Auth>
      <DeleteAction
        code={deleteCode}
        title={deleteTitle}
        onConfirm={onDelete}
        testId={`${prefix}-delete`}
        label={deleteLabel}
      />
    </>
  );
}
