import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavbarCountButton } from '../../components/NavbarCountButton';
import { OpenedLazily } from '../../components/OpenedLazily';
import { onFrame, onSocketOpen, useSocketStore } from '../../store/socket';
import { MESSAGE_QUERY_KEY } from './api';
import { refreshUnreadCounts } from './unreadCounts';
import './message.css';

const MessageDrawer = lazy(() => import('./MessageDrawer'));

/** Counts from the server when the socket has not told us yet (first paint, socket down). */
function useUnreadSync() {
  useEffect(() => {
    void refreshUnreadCounts();
    return onSocketOpen(() => void refreshUnreadCounts());
  }, []);
}

/** The top bar's message bell (站内消息, docs/rules.md#messages); its drawer's code loads when first opened. */
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
      <NavbarCountButton
        icon={<BellOutlined />}
        title={t('title')}
        count={unread}
        titleWithCount={(shown) => t('a11y:messagesWithCount', { count: shown })}
        onClick={() => setOpen(true)}
        badgeTestId="message-badge"
        buttonTestId="navbar-message"
      />
      {/* Announces a new unread count to screen readers as it changes. */}
      <span className="srm-visually-hidden" role="status" data-testid="message-live">
        {unread > 0 ? t('a11y:unreadMessages', { count: unread }) : ''}
      </span>
      <OpenedLazily component={MessageDrawer} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
