import { formatDate } from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageApi, messageKeys } from './api';
import { messageTarget } from './messageTarget';
import { invalidateMessageLists, refreshUnreadCounts } from './unreadCounts';

interface Props {
  /** The message to show; null closes the dialog. */
  id: string | null;
  onClose(): void;
}

/** One message in full. Opening it marks it read on the server (GET ReadInfo). */
export function MessageDetailModal({ id, onClose }: Props) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: () => messageApi.detail(id as string),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });

  // Reading changed the read state: lists and the badge follow.
  const loadedId = detail.data?.id;
  useEffect(() => {
    if (!loadedId) return;
    void invalidateMessageLists(queryClient);
    void refreshUnreadCounts();
  }, [loadedId, queryClient]);

  const data = detail.data;
  const hasLink = !!data && (data.billId !== '0' || data.url !== '');
  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      title={t('detailTitle')}
      width={640}
      destroyOnHidden
      data-testid="message-detail"
      footer={
        <>
          <Button onClick={onClose} data-testid="message-detail-close">
            {t('close')}
          </Button>
          {hasLink && (
            <Button
              type="primary"
              data-testid="message-detail-open"
              onClick={() => {
                onClose();
                navigate(messageTarget(data));
              }}
            >
              {data.billId !== '0' ? t('openBill') : t('openLink')}
            </Button>
          )}
        </>
      }
    >
      <Spin spinning={detail.isFetching && !data}>
        {data ? (
          <>
            <Typography.Title level={5} data-testid="message-detail-title">
              {data.title}
            </Typography.Title>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
              <Descriptions.Item label={t('sender')}>{data.creatorUser || t('system')}</Descriptions.Item>
              <Descriptions.Item label={t('time')}>{formatDate(data.lastModifyTime)}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph className="srm-message-body" data-testid="message-detail-body">
              {data.bodyText || t('noBody')}
            </Typography.Paragraph>
          </>
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}
