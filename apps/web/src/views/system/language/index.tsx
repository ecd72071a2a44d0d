import { LanguagePerm, LOCALES, type Locale, SERVER_NAMESPACE } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import {
  actionColumns,
  ResetButton,
  RowAction,
  SearchButton,
  useActionColumn,
} from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { NAMESPACES } from '../../../i18n';
import { loadTextOverrides } from '../../../i18n/overrides';
import { toast } from '../../../utils/message';
import { languageApi, languageKeys } from './api';
import { filterTexts, loadWebTexts, mergeTexts, type TextFilter, type TextRow } from './texts';

const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' };

/**
 * System → language: every text of the web app and of the server's messages in the three
 * languages; the tenant's administrator overrides one per language or puts the shipped text back.
 */
export default function LanguagePage() {
  const { t } = useTranslation('language');
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const server = useQuery({
    queryKey: languageKeys.server,
    queryFn: languageApi.all,
    placeholderData: keepPreviousData,
  });
  const web = useQuery({
    queryKey: languageKeys.web,
    queryFn: loadWebTexts,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rows = useMemo(
    () => (server.data && web.data ? mergeTexts(web.data, server.data.server, server.data.overrides) : []),
    [server.data, web.data],
  );
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<TextFilter>({ keyword: '', namespace: '', overriddenOnly: false });
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<TextRow | null>(null);
  const shown = useMemo(() => filterTexts(rows, filter), [rows, filter]);
  const pageRows = shown.slice((page.currentPage - 1) * page.pageSize, page.currentPage * page.pageSize);

  const afterWrite = async (namespace: string) => {
    await queryClient.invalidateQueries({ queryKey: languageKeys.server });
    // The administrator sees a web text change at once; other users at their next start-up.
    if (namespace !== SERVER_NAMESPACE) await loadTextOverrides();
  };
  const reset = useMutation({
    mutationFn: (row: TextRow) => languageApi.reset({ namespace: row.namespace, key: row.key }),
    onSuccess: async (_data, row) => {
      toast.success(t('resetDone'));
      await afterWrite(row.namespace);
    },
  });

  const setFilterAnd = (next: Partial<TextFilter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, currentPage: 1 }));
  };

  const textCell = (locale: Locale) => (_: unknown, row: TextRow) => {
    const override = row.overrides[locale];
    if (override === undefined) return <span>{row.shipped[locale]}</span>;
    return (
      <Space direction="vertical" size={0}>
        <span data-testid="language-override-text">
          {override} <Tag color="blue">{t('overridden')}</Tag>
        </span>
        <Typography.Text type="secondary" delete>
          {row.shipped[locale]}
        </Typography.Text>
      </Space>
    );
  };

  const actionColumn = useActionColumn<TextRow>(t('actions'), 150, (row) => (
    <>
      <RowAction onClick={() => setEditing(row)} testId="language-edit">
        {t('edit')}
      </RowAction>
      {Object.keys(row.overrides).length > 0 && (
        <RowAction onClick={() => reset.mutate(row)} testId="language-reset">
          {t('reset')}
        </RowAction>
      )}
    </>
  ));
  const columns: ColumnsType<TextRow> = [
    {
      title: t('key'),
      key: 'key',
      width: 220,
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text code>{row.namespace}</Typography.Text>
          <span style={{ wordBreak: 'break-all' }}>{row.key}</span>
        </Space>
      ),
    },
    ...LOCALES.map((locale) => ({
      title: LOCALE_NAMES[locale],
      key: locale,
      width: 240,
      render: textCell(locale),
    })),
    ...actionColumns([actionColumn], has(LanguagePerm.languageEdit)),
  ];

  const namespaceOptions = [
    { value: '', label: t('allNamespaces') },
    ...[...NAMESPACES].sort().map((ns) => ({ value: ns, label: ns })),
    { value: SERVER_NAMESPACE, label: t('serverNamespace') },
  ];

  return (
    <Card variant="borderless" data-testid="language-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => setFilterAnd({ keyword: typed })}
          placeholder={t('keyword')}
          aria-label={t('keyword')}
          maxLength={100}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid="language-keyword"
        />
        <Select
          value={filter.namespace}
          options={namespaceOptions}
          onChange={(namespace) => setFilterAnd({ namespace })}
          aria-label={t('namespace')}
          style={{ width: 180 }}
          data-testid="language-namespace"
        />
        <Checkbox
          checked={filter.overriddenOnly}
          onChange={(e) => setFilterAnd({ overriddenOnly: e.target.checked })}
          data-testid="language-overridden"
        >
          {t('overriddenOnly')}
        </Checkbox>
        <SearchButton prefix="language" onClick={() => setFilterAnd({ keyword: typed })} />
        <ResetButton
          prefix="language"
          onClick={() => {
            setTyped('');
            setFilterAnd({ keyword: '', namespace: '', overriddenOnly: false });
          }}
        />
      </Space>
      <ListTable<TextRow>
        rowKey="id"
        size="middle"
        data-testid="language-table"
        loading={server.isFetching || web.isLoading}
        columns={columns}
        dataSource={pageRows}
        pagination={tablePaging(page, setPage, shown.length, (total) => t('total', { total }))}
      />
      {editing && (
        <OverrideModal
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await afterWrite(editing.namespace);
          }}
        />
      )}
    </Card>
  );
}

type OverrideForm = Record<Locale, string>;

/** The three translations of one text: a changed one is saved as the tenant's, the shipped one resets. */
function OverrideModal({
  row,
  onClose,
  onSaved,
}: {
  row: TextRow;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('language');
  const [form] = Form.useForm<OverrideForm>();
  const save = useMutation({
    mutationFn: async (values: OverrideForm) => {
      for (const locale of LOCALES) {
        const value = values[locale] ?? '';
        const had = row.overrides[locale];
        const ref = { namespace: row.namespace, key: row.key, locale };
        if (value.trim() === '' || value === row.shipped[locale]) {
          if (had !== undefined) await languageApi.reset(ref);
        } else if (value !== had) await languageApi.override({ ...ref, value });
      }
    },
    onSuccess: async () => {
      toast.success(t('saved'));
      await onSaved();
    },
  });
  const initialValues = Object.fromEntries(
    LOCALES.map((locale) => [locale, row.overrides[locale] ?? row.shipped[locale]]),
  ) as OverrideForm;
  return (
    <Modal
      open
      title={t('editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'language-form-submit' }}
      destroyOnHidden
      width={600}
    >
      <Typography.Paragraph>
        <Typography.Text code>{row.namespace}</Typography.Text> {row.key}
      </Typography.Paragraph>
      <Form<OverrideForm>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => save.mutate(v)}
      >
        {LOCALES.map((locale) => (
          <Form.Item
            key={locale}
            name={locale}
            label={LOCALE_NAMES[locale]}
            extra={`${t('shipped')}: ${row.shipped[locale]}`}
            rules={[{ max: 2000, message: t('tooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} data-testid={`language-form-${locale}`} />
          </Form.Item>
        ))}
      </Form>
      <Typography.Text type="secondary">{t('emptyResets')}</Typography.Text>
    </Modal>
  );
}
