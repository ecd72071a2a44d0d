import { formatDate } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, List, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { designApi, designKeys } from './api';

/** A design's published versions, the newest first: who published each and when. */
export function VersionsModal({ id, name, onClose }: { id: string; name: string; onClose(): void }) {
  const { t } = useTranslation('onlineDev');
  const versions = useQuery({ queryKey: designKeys.versions(id), queryFn: () => designApi.versions(id) });
  return (
    <Modal open title={t('versionsOf', { name })} onCancel={onClose} footer={null} destroyOnHidden>
      <List
        loading={versions.isLoading}
        data-testid="wd-versions"
        locale={{ emptyText: <Empty description={t('noVersions')} /> }}
        dataSource={versions.data?.list ?? []}
        renderItem={(v, i) => (
          <List.Item>
            <Space wrap>
              <Tag color={i === 0 ? 'green' : 'default'}>{t('versionTag', { version: v.version })}</Tag>
              {i === 0 && <span>{t('current')}</span>}
            </Space>
            <Space wrap>
              <span>{v.publishedByName}</span>
              <span>{formatDate(v.publishedAt)}</span>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
