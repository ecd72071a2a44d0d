import { PlusOutlined } from '@ant-design/icons';
import {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationStatus,
  formatDate,
  INVITATION_STATUSES,
  type Invitation,
  type InvitationStatus,
  VENDOR_ADMISSION_CODES,
} from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueryParams } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { tablePaging } from '../../../components/tablePaging';
import { useListParams } from '../../../components/useListParams';
import { taskPath } from '../../workFlow/task/paths';
import { admissionApi, admissionKeys } from './api';
import { InviteModal } from './InviteModal';

const INVITATION_COLORS: Record<InvitationStatus, string> = {
  invited: 'blue',
  registered: 'orange',
  admitted: 'green',
  rejected: 'red',
  expired: 'default',
};
const APPLICATION_COLORS: Record<ApplicationStatus, string> = {
  submitted: 'blue',
  inReview: 'orange',
  approved: 'green',
  rejected: 'red',
};

type Filters = { keyword?: string; status?: string };

function InvitationList() {
  const { t } = useTranslation('vendorRegister');
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<QueryParams>();
  const [inviting, setInviting] = useState(false);
  const list = useQuery({
    queryKey: admissionKeys.invitationList(params),
    queryFn: () => admissionApi.invitations(params),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Invitation> = [
    { title: t('supplierName'), dataIndex: 'companyName', key: 'companyName', width: 200, ellipsis: true },
    {
      title: t('staff.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: InvitationStatus) => (
        <Tag color={INVITATION_COLORS[s]} data-testid="invitation-status">
          {t(`invitationStatus.${s}`)}
        </Tag>
      ),
    },
    { title: t('contactName'), dataIndex: 'contactName', key: 'contactName', width: 110 },
    { title: t('mobile'), dataIndex: 'mobile', key: 'mobile', width: 130 },
    { title: t('email'), dataIndex: 'email', key: 'email', width: 180, ellipsis: true },
    { title: t('applicationNo'), dataIndex: 'applicationNo', key: 'applicationNo', width: 170 },
    {
      title: t('staff.expiresAt'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      width: 160,
      render: (v: number) => formatDate(v),
    },
    { title: t('staff.creator'), dataIndex: 'creatorName', key: 'creatorName', width: 110 },
  ];
  return (
    <>
      <ListSearchForm<Filters>
        form={form}
        prefix="invitation"
        keywordLabel={t('supplierName')}
        onSearch={(values) => search(values)}
        onReset={reset}
        actions={
          <Auth code={VENDOR_ADMISSION_CODES.invite}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setInviting(true)}
              data-testid="invitation-add"
            >
              {t('staff.invite')}
            </Button>
          </Auth>
        }
      >
        <Form.Item name="status" label={t('staff.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('staff.all')}
            data-testid="invitation-filter-status"
            options={INVITATION_STATUSES.map((s) => ({ value: s, label: t(`invitationStatus.${s}`) }))}
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<Invitation>
        rowKey="id"
        size="middle"
        data-testid="invitation-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) =>
          t('staff.total', { total }),
        )}
      />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}

function ApplicationList() {
  const { t } = useTranslation('vendorRegister');
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<QueryParams>();
  const list = useQuery({
    queryKey: admissionKeys.applicationList(params),
    queryFn: () => admissionApi.applications(params),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Application> = [
    { title: t('supplierName'), dataIndex: 'supplierName', key: 'supplierName', width: 160, ellipsis: true },
    {
      title: t('staff.status'),
      dataIndex: 'status',
      key: 'status',
      width: 170,
      render: (s: ApplicationStatus, a) => (
        <Space size={[8, 4]} wrap>
          <Tag color={APPLICATION_COLORS[s]} data-testid="application-status">
            {t(`status.${s}`)}
          </Tag>
          {a.taskId && (
            <Link
              to={taskPath(a.taskId)}
              data-testid={a.operatorId ? 'application-todo' : 'application-task'}
            >
              {a.operatorId ? t('staff.handle') : t('staff.view')}
            </Link>
          )}
          {s === 'rejected' && a.rejectReason && <span>{a.rejectReason}</span>}
        </Space>
      ),
    },
    {
      title: t('applicationNo'),
      dataIndex: 'applicationNo',
      key: 'applicationNo',
      width: 170,
      render: (no: string) => <span data-testid={`application-row-${no}`}>{no}</span>,
    },
    { title: t('creditCode'), dataIndex: 'creditCode', key: 'creditCode', width: 190 },
    {
      title: t('staff.scope'),
      dataIndex: 'scope',
      key: 'scope',
      width: 120,
      render: (s: Application['scope']) => t(`staff.scopes.${s}`),
    },
    // Empty until the application is approved: as wide as its heading, leaving the room to the name.
    { title: t('staff.supplierCode'), dataIndex: 'supplierCode', key: 'supplierCode' },
    {
      title: t('staff.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 160,
      render: (v: number) => formatDate(v),
    },
  ];
  return (
    <>
      <ListSearchForm<Filters>
        form={form}
        prefix="application"
        keywordLabel={t('staff.applicationKeyword')}
        onSearch={(values) => search(values)}
        onReset={reset}
      >
        <Form.Item name="status" label={t('staff.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('staff.all')}
            data-testid="application-filter-status"
            options={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<Application>
        rowKey="id"
        size="middle"
        data-testid="application-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) =>
          t('staff.total', { total }),
        )}
      />
    </>
  );
}

/** Suppliers → invitations and admission: who was invited and how far, and the applications with their to-dos. */
export default function InvitationPage() {
  const { t } = useTranslation('vendorRegister');
  return (
    <Card variant="borderless" data-testid="vendor-invitation-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'invitations', label: t('staff.invitations'), children: <InvitationList /> },
          { key: 'applications', label: t('staff.applications'), children: <ApplicationList /> },
        ]}
      />
    </Card>
  );
}
