import { MessageOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavbarCountButton } from '../../components/NavbarCountButton';
import { useChatBlinking, useSocketStore } from '../../store/socket';
import { useChatUi } from './chatUi';
import './chat.css';

// The drawer, the panel and the emoji images load when chat is first opened.
const ChatDrawer = lazy(() => import('./ChatDrawer'));
const ChatPanel = lazy(() => import('./ChatPanel'));

/** The top bar's chat entry (内部聊天, docs/rules.md#chat): blinks while anything is unread. */
export function ChatEntry() {
  const { t } = useTranslation('chat');
  const blinking = useChatBlinking();
  const total = useSocketStore((s) => Object.values(s.unreadNums).reduce((n, k) => n + k, 0));
  const drawerOpen = useChatUi((s) => s.drawerOpen);
  const peer = useChatUi((s) => s.peer);
  const setDrawerOpen = useChatUi((s) => s.setDrawerOpen);
  return (
    <>
      <NavbarCountButton
        icon={<MessageOutlined />}
        title={t('title')}
        count={total}
        titleWithCount={(shown) => t('a11y:chatWithCount', { count: shown })}
        onClick={() => setDrawerOpen(true)}
        badgeTestId="chat-badge"
        buttonTestId="navbar-chat"
        className={blinking ? 'srm-chat-blink' : undefined}
        blinking={blinking}
      />
      <Suspense fallback={null}>
        {drawerOpen && <ChatDrawer />}
        {peer && <ChatPanel key={peer.id} peer={peer} />}
      </Suspense>
    </>
  );
}
