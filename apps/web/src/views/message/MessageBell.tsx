import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenedLazily } from '../../components/OpenedLazily';
import { onFrame, onSocketOpen, useSocketStore } from '../../store/socket';
import { MESSAGE_QUERY_KEY } from './api';
import { refreshUnreadCounts } from './unreadCounts';
import './message.css';

/** The badge's own text: the count, 99+ above 99 (the accessible name repeats it). */
const unreadShown = (n: number) => (n > 99 ? '99+' : String(n));

const MessageDrawer = lazy(() => import('./MessageDrawer'));

/** Counts from the server when the socket has not told us yet (first paint, socket down). */
function useUnreadSync() {
  useEffect(() => {
    void refreshUnreadCounts();
    return onSocketOpen(() => void refreshUnreadCounts());
  }, []);
}

/** The top bar's message bell (spec §2.4 站内消息); its drawer's code loads when first opened. */
export function MessageBell() {
  const { t } = useTranslation('message');
  const queryClient = useQueryClient();
  const unread = useSocketStore((s) => s.unreadMessageCount);
  const [open, setOpen] = useState(false);
  useUnreadSync();
  // A pushed message refreshes what is shown (the badge itself comes with the frame).
  useEffect(
    () => onFrame('messagePush', () => void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY })),
    [queryClient],
  );

  return (
    <>
      {/* The badge sits beside the button, not inside it: the button's visible content is its
          icon alone, so its accessible name (the label with the count) never mismatches the
          badge's number while that zooms out after the count drops to 0. */}
      <Badge
        count={Math.max(0, unread)}
        size="small"
        overflowCount={99}
        offset={[-9, 9]}
        data-testid="message-badge"
        className="srm-navbar-badge"
      >
        <Tooltip title={t('title')} placement="bottom">
          <Button
            type="text"
            className="srm-navbar-button"
            aria-label={unread > 0 ? t('a11y:messagesWithCount', { count: unreadShown(unread) }) : t('title')}
            data-testid="navbar-message"
            onClick={() => setOpen(true)}
            icon={<BellOutlined />}
          />
        </Tooltip>
      </Badge>
      {/* Announces a new unread count to screen readers as it changes. */}
      <span className="srm-visually-hidden" role="status" data-testid="message-live">
        {unread > 0 ? t('a11y:unreadMessages', { count: unread }) : ''}
      </span>
      <OpenedLazily component={MessageDrawer} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
