import { BellOutlined } from '@ant-design/icons';
import {
  type Locale,
  MessageApi,
  type MessageItem,
  type Page,
  relativeTime,
  type UnreadCount,
} from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Empty, List, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../api/request';
import { onFrame, onSocketOpen, useSocketStore } from '../../store/socket';
import { messageTarget } from './messageTarget';
import { MESSAGE_QUERY_KEY, refreshUnreadCounts } from './unreadCounts';
import './message.css';

/** The badge's own text: the count, 99+ above 99 (the accessible name repeats it). */
const unreadShown = (n: number) => (n > 99 ? '99+' : String(n));

/** The drawer lists the newest 20 (spec §9) and is 280 px wide (spec §2.4). */
const DRAWER_PAGE = 20;
const DRAWER_WIDTH = 280;

/** Counts from the server when the socket has not told us yet (first paint, socket down). */
function useUnreadSync() {
  useEffect(() => {
    void refreshUnreadCounts();
    return onSocketOpen(() => void refreshUnreadCounts());
  }, []);
}

/** The top bar's message bell and its drawer (spec §2.4 站内消息). */
export function MessageBell() {
  const { t, i18n } = useTranslation('message');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useSocketStore((s) => s.unreadMessageCount);
  const setCounts = useSocketStore((s) => s.setCounts);
  const [open, setOpen] = useState(false);
  useUnreadSync();

  const list = useQuery({
    queryKey: [...MESSAGE_QUERY_KEY, 'drawer'],
    queryFn: () => http.get<Page<MessageItem>>(MessageApi.list, { currentPage: 1, pageSize: DRAWER_PAGE }),
    enabled: open,
  });
  // A pushed message refreshes what is shown (the badge itself comes with the frame).
  useEffect(
    () => onFrame('messagePush', () => void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY })),
    [queryClient],
  );

  const openMessage = async (item: MessageItem) => {
    if (item.stat === 0) {
      // The server's counts after the read, never a local decrement: the pushed messagePush may
      // already have lowered the badge, and subtracting again would overshoot.
      setCounts(await http.post<UnreadCount>(MessageApi.read, { ids: [item.id] }));
      void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
    }
    setOpen(false);
    navigate(messageTarget(item));
  };

  const readAll = () =>
    modal.confirm({
      title: t('common:tip'),
      content: t('readAllConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { id: 'message-read-all-ok' },
      onOk: async () => {
        const counts = await http.post<UnreadCount>(MessageApi.readAll);
        setCounts({ unreadMessageCount: counts.unreadMessageCount });
        message.success(t('readAllDone'));
        await queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
      },
    });

  const items = list.data?.list ?? [];
  return (
    <>
      <Tooltip title={t('title')} placement="bottom">
        <Button
          type="text"
          className="srm-navbar-button"
          aria-label={unread > 0 ? t('a11y:messagesWithCount', { count: unreadShown(unread) }) : t('title')}
          data-testid="navbar-message"
          onClick={() => setOpen(true)}
          icon={
            <Badge count={Math.max(0, unread)} size="small" overflowCount={99} data-testid="message-badge">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
      {/* Announces a new unread count to screen readers as it changes. */}
      <span className="srm-visually-hidden" role="status" data-testid="message-live">
        {unread > 0 ? t('a11y:unreadMessages', { count: unread }) : ''}
      </span>
      <Drawer
        title={t('title')}
        open={open}
        onClose={() => setOpen(false)}
        size={DRAWER_WIDTH}
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
        data-testid="message-drawer"
        footer={
          <div className="srm-message-drawer-footer">
            <Button type="link" onClick={readAll} disabled={unread <= 0} data-testid="message-read-all">
              {t('readAll')}
            </Button>
            <Button
              type="link"
              data-testid="message-centre-link"
              onClick={() => {
                setOpen(false);
                navigate('/messageRecord');
              }}
            >
              {t('centre')}
            </Button>
          </div>
        }
      >
        <Spin spinning={list.isFetching && !list.data}>
          {items.length === 0 && !list.isFetching ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ marginTop: 48 }} />
          ) : (
            <List
              dataSource={items}
              renderItem={(item) => (
                <List.Item
                  className={`srm-message-item${item.stat === 0 ? ' srm-message-unread' : ''}`}
                  onClick={() => void openMessage(item)}
                  data-testid="message-item"
                  data-unread={item.stat === 0 ? '1' : '0'}
                >
                  <List.Item.Meta
                    avatar={
                      <span className="srm-unread-slot">{item.stat === 0 && <Badge status="error" />}</span>
                    }
                    title={<Typography.Text ellipsis>{item.menuTitle}</Typography.Text>}
                    description={
                      <span className="srm-message-meta">
                        <span>{item.creater || t('system')}</span>
                        <span>{relativeTime(item.createDate, Date.now(), i18n.language as Locale)}</span>
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Spin>
      </Drawer>
    </>
  );
}
