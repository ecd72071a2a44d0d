import { formatDate, type SupplierDetail } from '@srm/contracts/core';
import { Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/dict';
import { AreaName, Capital, FileLinks, SupplierStateTag } from './shared';

type Detail = SupplierDetail;

/** The company tab: the legal and descriptive data of the record. */
export function CompanyDescriptions({ s }: { s: Detail }) {
  const { t } = useTranslation('vendor');
  return (
    <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered data-testid="supplier-company">
      <Descriptions.Item label={t('supplierCode')}>{s.supplierCode}</Descriptions.Item>
      <Descriptions.Item label={t('supplierName')}>{s.supplierName}</Descriptions.Item>
      <Descriptions.Item label={t('creditCode')}>{s.creditCode}</Descriptions.Item>
      <Descriptions.Item label={t('stateLabel')}>
        <SupplierStateTag state={s.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('legalPerson')}>{s.legalPerson || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('registeredCapital')}>
        <Capital value={s.registeredCapital} />
      </Descriptions.Item>
      <Descriptions.Item label={t('foundDate')}>{s.foundDate ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('companyType')}>
        <DictTag typeCode="companyType" value={s.companyType} />
      </Descriptions.Item>
      <Descriptions.Item label={t('area')}>
        <AreaName code={s.areaCode} />
      </Descriptions.Item>
      <Descriptions.Item label={t('address')}>{s.address || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('buyer')}>{s.buyerName || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('createTime')}>{formatDate(s.createTime)}</Descriptions.Item>
      <Descriptions.Item label={t('businessScope')} span={2}>
        {s.businessScope || '-'}
      </Descriptions.Item>
      {s.blacklisted && (
        <Descriptions.Item label={t('blacklistReason')} span={2}>
          <Tag color="red">{t('blacklisted')}</Tag>
          {s.blacklistReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The contacts of a supplier. */
export function ContactsTable({ s }: { s: Detail }) {
  const { t } = useTranslation('vendor');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="supplier-contacts"
      dataSource={s.contacts}
      columns={[
        {
          title: t('contactName'),
          dataIndex: 'contactName',
          render: (name: string, c) => (
            <Space size={4}>
              {name}
              {c.isPrimary && <Tag color="blue">{t('primary')}</Tag>}
            </Space>
          ),
        },
        { title: t('mobile'), dataIndex: 'mobile' },
        { title: t('email'), dataIndex: 'email' },
        { title: t('phone'), dataIndex: 'phone' },
      ]}
    />
  );
}

/** The bank accounts of a supplier. */
export function BanksTable({ s }: { s: Detail }) {
  const { t } = useTranslation('vendor');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="supplier-banks"
      dataSource={s.banks}
      columns={[
        { title: t('bankName'), dataIndex: 'bankName' },
        { title: t('branch'), dataIndex: 'branch' },
        { title: t('accountNo'), dataIndex: 'accountNo' },
      ]}
    />
  );
}

/** The qualifications, expired and expiring ones flagged. */
export function QualificationsTable({ s }: { s: Detail }) {
  const { t } = useTranslation('vendor');
  const colors = { expired: 'red', expiring: 'orange', valid: 'green', none: 'default' } as const;
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="supplier-qualifications"
      dataSource={s.qualifications}
      columns={[
        {
          title: t('qualType'),
          dataIndex: 'qualType',
          render: (code: string) => <DictTag typeCode="qualificationType" value={code} />,
        },
        { title: t('expiresOn'), dataIndex: 'expiresOn', render: (v: string | null) => v ?? '-' },
        {
          title: t('expiry'),
          dataIndex: 'expiry',
          render: (e: keyof typeof colors) => (
            <Tag color={colors[e]} data-testid={`qualification-${e}`}>
              {t(`expiryState.${e}`)}
            </Tag>
          ),
        },
        {
          title: t('file'),
          dataIndex: 'file',
          render: (f: Detail['qualifications'][number]['file']) => <FileLinks files={f ? [f] : []} />,
        },
      ]}
    />
  );
}
