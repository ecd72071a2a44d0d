import { PlusOutlined } from '@ant-design/icons';
import { type Application, formatDate, type SupplierDetail } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/request';
import { DictTag, DictTreeSelect } from '../../../../components/dict';
import { FormModal } from '../../../../components/listPage';
import { toast } from '../../../../utils/message';
import { requestApi, vendorKeys } from '../../api';
import { RequestStatusTag } from './ChangeRequests';

type CategoryRow = { code: string; state: 'qualified' | 'notQualified' | 'inReview' };

const inReview = (a: Application) => a.status === 'submitted' || a.status === 'inReview';

/**
 * Applying for further categories: an admission for those only. The categories already held or in
 * review are shown but cannot be picked (the server refuses them too, at their field).
 */
function ApplyModal({ locked, onClose }: { locked: ReadonlySet<string>; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ categories: string[] }>();
  const [refusal, setRefusal] = useState('');
  const apply = useMutation({
    mutationFn: ({ categories }: { categories: string[] }) => requestApi.applyCategories(categories),
    onSuccess: () => {
      toast.success(t('request.applied'));
      void queryClient.invalidateQueries({ queryKey: vendorKeys.myCategoryApps() });
      onClose();
    },
    onError: (error) => {
      // `categories.N` names one of the picked categories: the message belongs to the field.
      const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
      if (fields.length) form.setFields([{ name: 'categories', errors: fields }]);
      else setRefusal(error instanceof ApiError ? error.msg : String(error));
    },
  });
  return (
    <FormModal<{ categories: string[] }>
      form={form}
      title={t('request.applyTitle')}
      testId="category-apply-form"
      width="min(560px, 100vw)"
      saving={apply.isPending}
      initialValues={{ categories: [] }}
      onFinish={(v) => apply.mutate(v)}
      onClose={onClose}
    >
      <Alert type="info" showIcon message={t('request.applyHint')} style={{ marginBottom: 16 }} />
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="categories"
        label={t('request.applyPick')}
        rules={[{ required: true, type: 'array', min: 1, message: t('request.pickRequired') }]}
      >
        <DictTreeSelect
          typeCode="supplyCategory"
          lockedCodes={locked}
          multiple
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_CHILD}
          placeholder={t('request.applyPlaceholder')}
          onChange={() => setRefusal('')}
          data-testid="category-apply-select"
        />
      </Form.Item>
    </FormModal>
  );
}

/** The supplier's categories (admitted, not admitted, in review), further ones, and its applications. */
export function CategoryPanel({
  s,
  apps,
  loading,
}: {
  s: SupplierDetail;
  apps: Application[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('vendor');
  const [applying, setApplying] = useState(false);
  const rows = useMemo<CategoryRow[]>(() => {
    const held = s.categoryLines.map(
      (c): CategoryRow => ({ code: c.categoryCode, state: c.qualified ? 'qualified' : 'notQualified' }),
    );
    const pending = (apps ?? [])
      .filter(inReview)
      .flatMap((a) => a.categories)
      .filter((code) => !held.some((h) => h.code === code))
      .map((code): CategoryRow => ({ code, state: 'inReview' }));
    return [...held, ...[...new Map(pending.map((p) => [p.code, p])).values()]];
  }, [s.categoryLines, apps]);
  const locked = useMemo(() => new Set(rows.map((r) => r.code)), [rows]);
  const colors = { qualified: 'green', notQualified: 'default', inReview: 'gold' } as const;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Table<CategoryRow>
        rowKey="code"
        size="small"
        pagination={false}
        data-testid="portal-categories"
        dataSource={rows}
        columns={[
          {
            title: t('category'),
            dataIndex: 'code',
            render: (c: string) => <DictTag typeCode="supplyCategory" value={c} />,
          },
          {
            title: t('stateLabel'),
            dataIndex: 'state',
            render: (state: CategoryRow['state']) => (
              <Tag color={colors[state]} data-testid="portal-category-state">
                {t(`request.categoryState.${state}`)}
              </Tag>
            ),
          },
        ]}
      />
      <Button
        icon={<PlusOutlined />}
        onClick={() => setApplying(true)}
        disabled={!apps}
        data-testid="category-apply"
      >
        {t('request.apply')}
      </Button>
      <Typography.Title level={3} className="srm-request-heading">
        {t('request.myCategoryApps')}
      </Typography.Title>
      <Table<Application>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="category-apps"
        dataSource={apps ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('request.noCategoryApps')} />,
        }}
        columns={[
          { title: t('request.applicationNo'), dataIndex: 'applicationNo' },
          {
            title: t('categories'),
            dataIndex: 'categories',
            render: (codes: string[]) => (
              <Space size={[4, 4]} wrap>
                {codes.map((c) => (
                  <DictTag key={c} typeCode="supplyCategory" value={c} />
                ))}
              </Space>
            ),
          },
          {
            title: t('stateLabel'),
            dataIndex: 'status',
            render: (_, a) => (
              <Space direction="vertical" size={0}>
                <RequestStatusTag status={a.status} testId="category-app-status" />
                {a.status === 'rejected' && (
                  <span data-testid="category-app-reason">
                    {t('request.rejectReason', { reason: a.rejectReason || '-' })}
                  </span>
                )}
              </Space>
            ),
          },
          { title: t('request.appliedAt'), dataIndex: 'createTime', render: (v: number) => formatDate(v) },
        ]}
      />
      {applying && <ApplyModal locked={locked} onClose={() => setApplying(false)} />}
    </Space>
  );
}
