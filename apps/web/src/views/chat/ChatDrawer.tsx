import { type Locale, relativeTime } from '@srm/contracts/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Drawer, Empty, Input, List, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../store/shellData';
import { onFrame, onSocketOpen, useSocketStore } from '../../store/socket';
import { avatarUrl } from '../../utils/avatar';
import { chatApi, chatKeys } from './api';
import { ChatText } from './ChatText';
import { useChatUi } from './chatUi';
import { useLoadMoreNearEnd } from './useLoadMoreNearEnd';

/** Drawers are 280 px (docs/rules.md#constants); contacts page by 20 and load more within 300 px of the bottom. */
const DRAWER_WIDTH = 280;
const CONTACT_PAGE = 20;
const LOAD_MORE_PX = 300;

function PeerAvatar({ id, name, headIcon }: { id: string; name: string; headIcon: string }) {
  const online = useSocketStore((s) => !!s.onlineUsers[id]);
  return (
    <span className={online ? 'srm-chat-online' : 'srm-chat-offline'} data-online={online ? '1' : '0'}>
      <Badge dot status={online ? 'success' : 'default'} offset={[-4, 28]}>
        <Avatar src={avatarUrl(headIcon)} alt="">
          {name.slice(0, 1)}
        </Avatar>
      </Badge>
    </span>
  );
}

function Conversations() {
  const { t, i18n } = useTranslation('chat');
  const queryClient = useQueryClient();
  const unreadNums = useSocketStore((s) => s.unreadNums);
  const openPeer = useChatUi((s) => s.openPeer);
  const query = useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: chatApi.conversations,
  });
  // A message in or out moves its conversation to the top: read the list again.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    const offs = [onFrame('receiveMessage', refresh), onFrame('sendMessage', refresh), onSocketOpen(refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
  const list = query.data?.list ?? [];
  if (!query.isFetching && list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('noConversations')}
        style={{ marginTop: 48 }}
      />
    );
  }
  return (
    <Spin spinning={query.isFetching && !query.data}>
      <List
        dataSource={list}
        renderItem={(c) => (
          <List.Item
            className="srm-chat-list-item"
            data-testid={`chat-conversation-${c.account || `id-${c.id}`}`}
            onClick={() =>
              openPeer({ id: c.id, realName: c.realName, account: c.account, headIcon: c.headIcon })
            }
          >
            <List.Item.Meta
              avatar={<PeerAvatar id={c.id} name={c.realName} headIcon={c.headIcon} />}
              title={
                <div className="srm-chat-line">
                  <span>{c.realName}</span>
                  <span className="srm-chat-time">
                    {relativeTime(c.latestDate, Date.now(), i18n.language as Locale)}
                  </span>
                </div>
              }
              description={
                <div className="srm-chat-line">
                  <span className="srm-chat-preview">
                    {c.messageType === 'image' ? t('imageMessage') : <ChatText text={c.latestMessage} />}
                  </span>
                  <Badge count={unreadNums[c.id] ?? 0} size="small" data-testid="chat-conversation-unread" />
                </div>
              }
            />
          </List.Item>
        )}
      />
    </Spin>
  );
}

function Contacts() {
  const { t } = useTranslation('chat');
  const openPeer = useChatUi((s) => s.openPeer);
  const user = useCurrentUser();
  const me = user?.userId ?? user?.id ?? '';
  const [keyword, setKeyword] = useState('');
  // Browsing pages through every contact; a search asks for the contacts other than me by keyword
  // (one answer: the first 500 by name). Nobody chats with himself, so I am never listed.
  const searching = !!keyword && !!me;
  const query = useInfiniteQuery({
    queryKey: chatKeys.contacts(keyword, me),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      searching ? chatApi.searchContacts(me, keyword) : chatApi.contacts(keyword, pageParam, CONTACT_PAGE),
    getNextPageParam: (last) =>
      !searching && last.pagination.currentPage * last.pagination.pageSize < last.pagination.total
        ? last.pagination.currentPage + 1
        : undefined,
  });
  const contacts = (query.data?.pages.flatMap((p) => p.list) ?? []).filter((u) => u.id !== me);
  const listRef = useRef<HTMLDivElement>(null);
  const onScroll = useLoadMoreNearEnd(listRef, query, LOAD_MORE_PX);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ padding: '0 12px 8px' }}>
        <Input.Search
          allowClear
          placeholder={t('searchContacts')}
          onSearch={(v) => setKeyword(v.trim())}
          data-testid="chat-contact-search"
        />
      </div>
      <div className="srm-chat-contacts" ref={listRef} onScroll={onScroll} data-testid="chat-contacts">
        <Spin spinning={query.isFetching && contacts.length === 0}>
          {contacts.length === 0 && !query.isFetching ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noContacts')} />
          ) : (
            <List
              dataSource={contacts}
              renderItem={(u) => (
                <List.Item
                  className="srm-chat-list-item"
                  data-testid={`chat-contact-${u.account || `id-${u.id}`}`}
                  onClick={() =>
                    openPeer({ id: u.id, realName: u.realName, account: u.account, headIcon: u.headIcon })
                  }
                >
                  <List.Item.Meta
                    avatar={<PeerAvatar id={u.id} name={u.realName} headIcon={u.headIcon} />}
                    title={u.realName}
                    description={<span className="srm-chat-preview">{u.department || u.account}</span>}
                  />
                </List.Item>
              )}
            />
          )}
          {query.isFetchingNextPage && <Spin style={{ display: 'block', margin: 8 }} />}
        </Spin>
      </div>
    </div>
  );
}

/** The chat drawer (docs/rules.md#chat): recent conversations and contacts. */
export default function ChatDrawer() {
  const { t } = useTranslation('chat');
  const open = useChatUi((s) => s.drawerOpen);
  const setOpen = useChatUi((s) => s.setDrawerOpen);
  const [tab, setTab] = useState('conversations');
  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={() => setOpen(false)}
      size={DRAWER_WIDTH}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' } }}
      data-testid="chat-drawer"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        centered
        className="srm-chat-tabs"
        items={[
          {
            key: 'conversations',
            label: <span data-testid="chat-tab-conversations">{t('tabMessages')}</span>,
            children: <Conversations />,
          },
          {
            key: 'contacts',
            label: <span data-testid="chat-tab-contacts">{t('tabContacts')}</span>,
            children: <Contacts />,
          },
        ]}
        style={{ flex: 1, minHeight: 0 }}
      />
    </Drawer>
  );
}
