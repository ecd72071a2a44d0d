import { type Locale, type MessageItem, relativeTime } from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Drawer, Empty, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSocketStore } from '../../store/socket';
import { MESSAGE_QUERY_KEY, messageApi, messageKeys } from './api';
import { messageTarget } from './messageTarget';
import { useMarkOpened } from './useMarkOpened';

/** The drawer lists the newest 20 and is 280 px wide (docs/rules.md#messages). */
const DRAWER_PAGE = 20;
const DRAWER_WIDTH = 280;

/** The bell's drawer: the newest messages, read all, and the way to the message centre. */
export default function MessageDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation('message');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useSocketStore((s) => s.unreadMessageCount);
  const setCounts = useSocketStore((s) => s.setCounts);

  const list = useQuery({
    queryKey: messageKeys.drawer(),
    queryFn: () => messageApi.list({ currentPage: 1, pageSize: DRAWER_PAGE }),
    enabled: open,
  });

  const markOpened = useMarkOpened();
  const openMessage = async (item: MessageItem) => {
    await markOpened(item);
    onClose();
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
        try {
          const counts = await messageApi.readAll();
          setCounts({ unreadMessageCount: counts.unreadMessageCount });
          message.success(t('readAllDone'));
          await queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
        } catch {
          // Refused or unreachable: the request layer said so; the dialog closes.
        }
      },
    });

  const items = list.data?.list ?? [];
  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={onClose}
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
              onClose();
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
  );
}
