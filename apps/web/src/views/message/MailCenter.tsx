import { CheckOutlined, UserOutlined } from '@ant-design/icons';
import { formatDate, type Locale, relativeTime } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Card, Col, Empty, List, Result, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../store/shellData';
import { useSocketStore } from '../../store/socket';
import { toast } from '../../utils/message';
import { messageApi, messageKeys } from './api';
import { MessageDetailModal } from './MessageDetailModal';
import { invalidateMessageLists } from './unreadCounts';
import './message.css';

const TENANT_ENT_TYPE = 1;
const PAGE_SIZE = 20;

/**
 * The mail centre (base/mailCenter/tenant, docs/rules.md#mail-centre): my messages as a mailbox, the
 * senders on the left with their unread counts, one sender's mail on the right. Tenant staff only.
 */
export default function MailCenterPage() {
  const { t } = useTranslation('message');
  const user = useCurrentUser();
  if (user?.ent?.entType !== TENANT_ENT_TYPE) {
    return (
      <Result status="403" title="403" subTitle={t('common:noPermission')} data-testid="mail-centre-denied" />
    );
  }
  return <Mailbox />;
}

function Mailbox() {
  const { t, i18n } = useTranslation('message');
  const queryClient = useQueryClient();
  const setCounts = useSocketStore((s) => s.setCounts);
  const [senderId, setSenderId] = useState<string | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);

  const senders = useQuery({
    queryKey: messageKeys.mailSenders(),
    queryFn: messageApi.mailSenders,
  });
  const active = senderId ?? senders.data?.[0]?.senderId ?? null;
  const mails = useQuery({
    queryKey: messageKeys.mailOf(active, currentPage),
    queryFn: () => messageApi.mailOf(active, currentPage, PAGE_SIZE),
    enabled: active !== null,
    placeholderData: keepPreviousData,
  });
  const markRead = useMutation({
    mutationFn: messageApi.mailRead,
    onSuccess: (counts) => {
      setCounts(counts);
      toast.success(t('markedRead'));
      void invalidateMessageLists(queryClient);
    },
  });

  const unreadHere = (mails.data?.list ?? []).filter((m) => m.stat === 0).map((m) => m.id);
  const activeSender = senders.data?.find((s) => s.senderId === active);
  return (
    <Row gutter={[16, 16]} data-testid="mail-centre">
      <Col xs={24} lg={8} xl={7}>
        <Card variant="borderless" title={t('senders')} styles={{ body: { padding: 0 } }}>
          <List
            loading={senders.isFetching && !senders.data}
            dataSource={senders.data ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
            renderItem={(s) => (
              <List.Item
                className={`srm-mail-sender${s.senderId === active ? ' srm-mail-sender-active' : ''}`}
                onClick={() => {
                  setSenderId(s.senderId);
                  setCurrentPage(1);
                }}
                data-testid="mail-sender"
              >
                <List.Item.Meta
                  avatar={
                    <Badge count={s.unread} size="small">
                      <Avatar icon={<UserOutlined />} />
                    </Badge>
                  }
                  title={<Typography.Text ellipsis>{s.senderName || t('system')}</Typography.Text>}
                  description={
                    <span className="srm-message-meta">
                      <Typography.Text type="secondary" ellipsis>
                        {s.latest.menuTitle}
                      </Typography.Text>
                      <span>{relativeTime(s.latest.createDate, Date.now(), i18n.language as Locale)}</span>
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card
          variant="borderless"
          title={activeSender ? activeSender.senderName || t('system') : t('mailCentre')}
          extra={
            <Button
              size="small"
              icon={<CheckOutlined />}
              disabled={unreadHere.length === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(unreadHere)}
              data-testid="mail-mark-read"
            >
              {t('markPageRead')}
            </Button>
          }
        >
          <List
            loading={mails.isFetching}
            dataSource={active === null ? [] : (mails.data?.list ?? [])}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
            pagination={
              (mails.data?.pagination.total ?? 0) > PAGE_SIZE
                ? {
                    current: currentPage,
                    pageSize: PAGE_SIZE,
                    total: mails.data?.pagination.total ?? 0,
                    onChange: setCurrentPage,
                    size: 'small',
                  }
                : false
            }
            renderItem={(m) => (
              <List.Item
                className={`srm-message-item${m.stat === 0 ? ' srm-message-unread' : ''}`}
                onClick={() => setOpenId(m.id)}
                data-testid="mail-item"
                data-unread={m.stat === 0 ? '1' : '0'}
              >
                <List.Item.Meta
                  avatar={<span className="srm-unread-slot">{m.stat === 0 && <Badge status="error" />}</span>}
                  title={<Typography.Text ellipsis>{m.menuTitle}</Typography.Text>}
                  description={
                    <Space size="large" wrap>
                      <span>{t(`types.${m.type}`)}</span>
                      <span>{formatDate(m.createDate)}</span>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <MessageDetailModal id={openId} onClose={() => setOpenId(null)} />
    </Row>
  );
}
