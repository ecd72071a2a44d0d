import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatBlinking, useSocketStore } from '../../store/socket';
import { useChatUi } from './chatUi';
import './chat.css';

// The drawer, the panel and the emoji images load when chat is first opened.
const ChatDrawer = lazy(() => import('./ChatDrawer'));
const ChatPanel = lazy(() => import('./ChatPanel'));

/** The top bar's chat entry (spec §2.4 内部聊天): blinks while anything is unread. */
export function ChatEntry() {
  const { t } = useTranslation('chat');
  const blinking = useChatBlinking();
  const total = useSocketStore((s) => Object.values(s.unreadNums).reduce((n, k) => n + k, 0));
  const drawerOpen = useChatUi((s) => s.drawerOpen);
  const peer = useChatUi((s) => s.peer);
  const setDrawerOpen = useChatUi((s) => s.setDrawerOpen);
  return (
    <>
      <Tooltip title={t('title')} placement="bottom">
        <Button
          type="text"
          className={`srm-navbar-button${blinking ? ' srm-chat-blink' : ''}`}
          aria-label={t('title')}
          data-testid="navbar-chat"
          data-blinking={blinking ? '1' : '0'}
          onClick={() => setDrawerOpen(true)}
          icon={
            <Badge count={total} size="small" overflowCount={99} data-testid="chat-badge">
              <MessageOutlined />
            </Badge>
          }
        />
      </Tooltip>
      <Suspense fallback={null}>
        {drawerOpen && <ChatDrawer />}
        {peer && <ChatPanel key={peer.id} peer={peer} />}
      </Suspense>
    </>
  );
}
