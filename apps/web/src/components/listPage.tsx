import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Input, Modal, Space, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useDeferredValue, useId, useRef, useState } from 'react';
import { FIRST_FIELD } from '../a11y/firstField';
import { Auth } from './Auth';
import { ListTable } from './ListTable';
import { ResetButton, SearchButton } from './listActions';
import { type Paging, tablePaging } from './tablePaging';

/**
 * A paged list searched by one keyword: what is typed, what was searched, and the page. A search
 * or a reset goes back to page 1.
 */
export function useKeywordSearch(pageSize = 20) {
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize });
  const search = () => {
    setKeyword(typed.trim());
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    setTyped('');
    setKeyword('');
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  return { keyword, typed, setTyped, page, setPage, search, reset };
}

/**
 * The row above a keyword-searched list: the keyword (Enter searches), search, reset and an add
 * button behind its code. Test ids: `${prefix}-keyword`, `-search`, `-reset`, `-add`.
 */
export function KeywordToolbar({
  prefix,
  search,
  placeholder,
  ariaLabel,
  addCode,
  onAdd,
  addLabel,
}: {
  prefix: string;
  search: Pick<ReturnType<typeof useKeywordSearch>, 'typed' | 'setTyped' | 'search' | 'reset'>;
  placeholder: string;
  ariaLabel?: string;
  addCode: string;
  onAdd: () => void;
  addLabel: ReactNode;
}) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input
        allowClear
        value={search.typed}
        onChange={(e) => search.setTyped(e.target.value)}
        onPressEnter={search.search}
        placeholder={placeholder}
        aria-label={ariaLabel}
        maxLength={100}
        style={{ width: 220, maxWidth: '100%' }}
        data-testid={`${prefix}-keyword`}
      />
      <SearchButton prefix={prefix} onClick={search.search} />
      <ResetButton prefix={prefix} onClick={search.reset} />
      <Auth code={addCode}>
        <Button icon={<PlusOutlined />} onClick={onAdd} data-testid={`${prefix}-add`}>
          {addLabel}
        </Button>
      </Auth>
    </Space>
  );
}

/**
 * A table over one page of a server list (`{ list, pagination }`), with the shared pager (a
 * ListTable, which decides the columns' widths); rows are
 * keyed by `id` unless `rowKey` says otherwise, and may be selectable (`rowSelection`).
 */
export function PagedTable<T extends { id: string }>({
  testId,
  query,
  columns,
  page,
  setPage,
  showTotal,
  rowKey = 'id',
  rowSelection,
}: {
  testId: string;
  query: { isFetching: boolean; data?: { list: T[]; pagination: { total: number } } };
  columns: ColumnsType<T>;
  page: Paging;
  setPage: (page: Paging) => void;
  showTotal: (total: number) => string;
  rowKey?: TableProps<T>['rowKey'];
  rowSelection?: TableProps<T>['rowSelection'];
}) {
  // A page of rows arrives through the query cache, whose updates React renders in one go: the rows
  // follow as a deferred render, built in slices (the table shows loading until they are there).
  const data = useDeferredValue(query.data);
  return (
    <ListTable<T>
      rowKey={rowKey}
      rowSelection={rowSelection}
      data-testid={testId}
      loading={query.isFetching || data !== query.data}
      columns={columns}
      dataSource={data?.list ?? []}
      pagination={tablePaging(page, setPage, data?.pagination.total, showTotal)}
    />
  );
}

export { FIRST_FIELD } from '../a11y/firstField';

/**
 * A create/edit dialog around a vertical form: OK is the form's submit button (tied to it by the
 * `form` attribute, since the footer lies outside the form), so Enter in a field saves as in any
 * form; the dialog opens on its first field rather than on its close button, and forgets its fields
 * when closed. Test ids: `testId` on the form, `${testId}-submit` on OK.
 */
export function FormModal<V extends object>({
  form,
  title,
  testId,
  width,
  saving,
  initialValues,
  onFinish,
  onClose,
  children,
}: {
  form: FormInstance<V>;
  title: ReactNode;
  testId: string;
  width: number | string;
  saving: boolean;
  initialValues: Partial<V>;
  onFinish: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const focusFirstField = (open: boolean) => {
    const root = body.current;
    if (!open || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit', form: formId, 'data-testid': `${testId}-submit` }}
      afterOpenChange={focusFirstField}
      destroyOnHidden
      width={width}
    >
      <div ref={body}>
        <Form<V>
          form={form}
          id={formId}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          data-testid={testId}
        >
          {children}
        </Form>
      </div>
    </Modal>
  );
}
