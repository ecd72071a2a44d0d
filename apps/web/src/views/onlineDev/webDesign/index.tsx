import { CodeOutlined, EditOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { DesignPerm, type DesignSummary, formatDate, type Locale } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import { DictTag } from '../../../components/dict';
import { ListTable } from '../../../components/ListTable';
import { DeleteAction, RowAction, useActionColumn } from '../../../components/listActions';
import { KeywordToolbar, useKeywordSearch } from '../../../components/listPage';
import { tablePaging } from '../../../components/tablePaging';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { designApi, designKeys } from './api';
import { namesIn } from './designOps';
import { VersionsModal } from './VersionsModal';

const Designer = lazy(() => import('./Designer').then((m) => ({ default: m.Designer })));

/** Online development → form designer (`onlineDev.webDesign`): the tenant's designs and their designer. */
export default function WebDesignPage() {
  const { t } = useTranslation('onlineDev');
  const { modal } = App.useApp();
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language) as Locale;
  const search = useKeywordSearch();
  const [designing, setDesigning] = useState<{ id: string | null } | null>(null);
  const [versions, setVersions] = useState<DesignSummary | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const list = useQuery({
    queryKey: designKeys.list({ keyword: search.keyword }),
    queryFn: () => designApi.list(search.keyword ? { keyword: search.keyword } : {}),
    placeholderData: keepPreviousData,
  });
  const models = useQuery({ queryKey: designKeys.models(), queryFn: designApi.models });
  const modelName = (row: DesignSummary) => {
    const model = models.data?.list.find((m) => m.id === row.modelId);
    return model ? namesIn(model.names, language) : row.modelCode;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.lists() });

  const publish = useMutation({
    mutationFn: (row: DesignSummary) => designApi.publish(row.id),
    onSuccess: (design) => {
      toast.success(t('published', { version: design.publishedVersion }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: DesignSummary) => designApi.remove(row.id),
    onSuccess: () => {
      toast.success(t('deleted'));
      void refresh();
    },
  });
  const codegen = useMutation({
    mutationFn: (row: DesignSummary) => designApi.codegen(row.id),
    onSuccess: (blob, row) => {
      const file = `codegen-${row.modelCode}.patch`;
      saveBlob(blob, file);
      toast.success(t('codegenDone', { file }));
    },
  });
  const openDesigner = (id: string | null) => {
    opener.current = document.activeElement as HTMLElement | null;
    setDesigning({ id });
  };

  const actions = useActionColumn<DesignSummary>(t('list.actions'), 340, (row) => (
    <>
      <RowAction icon={<EditOutlined />} onClick={() => openDesigner(row.id)} testId="wd-row-design">
        {has(DesignPerm.webDesignEdit) ? t('list.design') : t('list.view')}
      </RowAction>
      <Auth code={DesignPerm.webDesignPublish}>
        <RowAction
          icon={<SendOutlined />}
          testId="wd-row-publish"
          disabled={!row.changed}
          onClick={() =>
            modal.confirm({
              title: t('publishConfirmTitle'),
              content: t('publishConfirm', { name: namesIn(row.names, language) }),
              okText: t('publish'),
              cancelText: t('common:cancel'),
              okButtonProps: { 'data-testid': 'wd-row-publish-ok' } as never,
              onOk: () => publish.mutateAsync(row).catch(() => undefined),
            })
          }
        >
          {t('publish')}
        </RowAction>
      </Auth>
      <Auth code={DesignPerm.webDesignPublish}>
        <RowAction
          icon={<CodeOutlined />}
          testId="wd-row-codegen"
          disabled={row.publishedVersion === 0 || codegen.isPending}
          onClick={() => codegen.mutate(row)}
        >
          {t('codegen')}
        </RowAction>
      </Auth>
      <RowAction icon={<HistoryOutlined />} onClick={() => setVersions(row)} testId="wd-row-versions">
        {t('versions')}
      </RowAction>
      <DeleteAction
        code={DesignPerm.webDesignDelete}
        title={t('deleteConfirm', { name: namesIn(row.names, language) })}
        onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
        testId="wd-row-delete"
        label={t('delete')}
      />
    </>
  ));

  const columns: ColumnsType<DesignSummary> = [
    {
      title: t('list.name'),
      key: 'name',
      width: 200,
      render: (_, row) => <span data-testid="wd-row-name">{namesIn(row.names, language)}</span>,
    },
    {
      title: t('basic.category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      render: (code: string) => <DictTag typeCode="flowCategory" value={code} />,
    },
    { title: t('basic.model'), key: 'model', width: 160, render: (_, row) => modelName(row) },
    {
      title: t('list.published'),
      key: 'published',
      width: 180,
      render: (_, row) => (
        <Space size={4} wrap data-testid="wd-row-state">
          {row.publishedVersion ? (
            <Tag color="green">{t('versionTag', { version: row.publishedVersion })}</Tag>
          ) : (
            <Tag>{t('neverPublished')}</Tag>
          )}
          {row.publishedVersion > 0 && row.changed && <Tag color="orange">{t('changed')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('list.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 150,
      render: (v: number | null) => (v ? formatDate(v) : '—'),
    },
    actions,
  ];
  const [page, setPage] = [search.page, search.setPage];

  return (
    <Card variant="borderless" data-testid="wd-page">
      <KeywordToolbar
        prefix="wd"
        search={search}
        placeholder={t('list.keywordPlaceholder')}
        ariaLabel={t('list.keyword')}
        addCode={DesignPerm.webDesignAdd}
        onAdd={() => openDesigner(null)}
        addLabel={t('list.add')}
      />
      <ListTable<DesignSummary>
        rowKey="id"
        data-testid="wd-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.list.length, (total) =>
          t('list.total', { count: total }),
        )}
      />
      {designing && (
        <Suspense fallback={null}>
          <Designer
            id={designing.id}
            onClose={() => {
              setDesigning(null);
              void refresh();
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
      {versions && (
        <VersionsModal
          id={versions.id}
          name={namesIn(versions.names, language)}
          onClose={() => setVersions(null)}
        />
      )}
    </Card>
  );
}
