import { HistoryOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import {
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  CHAT_TEXT_MAX,
  type ChatMessage,
  formatDate,
} from '@srm/contracts/core';
import {
  App,
  Avatar,
  Button,
  Empty,
  Image,
  Input,
  Modal,
  Pagination,
  Popover,
  Space,
  Tooltip,
  Upload,
} from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../store/shellData';
import { onFrame, onSocketOpen, useSocketStore } from '../../store/socket';
import { avatarUrl } from '../../utils/avatar';
import { chatApi } from './api';
import { ChatText } from './ChatText';
import {
  EMOJI_ATTRIBUTION,
  EMOJI_CODEPOINTS,
  EMOJI_FIRST,
  imageOf,
  mergeMessages,
  outgoingText,
} from './chatModel';
import { type ChatPeer, useChatUi } from './chatUi';
import { emojiUrl } from './emoji';

/** Older messages load when scrolled within 100 px of the top (docs/rules.md#chat). */
const LOAD_OLDER_PX = 100;
/** Upload limit (docs/rules.md#constants). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MESSAGE_FEEDBACK_S = 1.5;

let reqCounter = 0;
const nextReqId = (kind: string) => `${kind}-${Date.now()}-${++reqCounter}`;

function ImageMessage({ content }: { content: string }) {
  const image = imageOf(content);
  if (!image) return null;
  const scale = image.width > 200 ? 200 / image.width : 1;
  return (
    <Image
      src={avatarUrl(image.path)}
      alt={image.name}
      width={image.width ? Math.round(image.width * scale) : 160}
      data-testid="chat-image"
      style={{ maxWidth: 200, borderRadius: 4 }}
    />
  );
}

function EmojiPicker({ onPick }: { onPick(code: number): void }) {
  const { t } = useTranslation('chat');
  return (
    <div>
      <div className="srm-chat-emoji-grid" data-testid="chat-emoji-grid">
        {EMOJI_CODEPOINTS.map((_, i) => {
          const code = EMOJI_FIRST + i;
          return (
            <button
              key={code}
              type="button"
              onClick={() => onPick(code)}
              aria-label={`[${code}]`}
              data-testid={`chat-emoji-${code}`}
            >
              <img src={emojiUrl(code)} alt={`[${code}]`} loading="lazy" />
            </button>
          );
        })}
      </div>
      <div className="srm-chat-attribution" title={EMOJI_ATTRIBUTION}>
        {t('emojiAttribution')}
      </div>
    </div>
  );
}

/** The history side panel: 30 a page, newest first, with keyword search (docs/rules.md#chat). */
function HistoryPanel({ peer, me }: { peer: ChatPeer; me: string }) {
  const { t } = useTranslation('chat');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: ChatMessage[]; total: number }>({ list: [], total: 0 });
  const reqId = useRef('');
  const send = useSocketStore((s) => s.send);

  useEffect(() => {
    const id = nextReqId('history');
    reqId.current = id;
    const off = onFrame('messageList', (f) => {
      if (f.reqId === id) setData({ list: f.list, total: f.pagination.total });
    });
    send({
      method: 'MessageList',
      toUserId: peer.id,
      formUserId: me,
      currentPage: page,
      pageSize: CHAT_HISTORY_PAGE_SIZE,
      sord: 'desc',
      keyword,
      reqId: id,
    });
    return off;
  }, [peer.id, me, page, keyword, send]);

  return (
    <div className="srm-chat-history" data-testid="chat-history">
      <div style={{ padding: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('searchHistory')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          data-testid="chat-history-search"
        />
      </div>
      <div className="srm-chat-history-list">
        {data.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noHistory')} />
        ) : (
          data.list.map((m) => (
            <div key={m.id} className="srm-chat-history-item" data-testid="chat-history-item">
              <span className="srm-chat-time">
                {m.sendUserId === me ? t('me') : peer.realName} · {formatDate(m.sendTime)}
              </span>
              {m.contentType === 'image' ? (
                <ImageMessage content={m.content} />
              ) : (
                <ChatText text={m.content} />
              )}
            </div>
          ))
        )}
      </div>
      {data.total > CHAT_HISTORY_PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          current={page}
          pageSize={CHAT_HISTORY_PAGE_SIZE}
          total={data.total}
          onChange={setPage}
          style={{ padding: 8, textAlign: 'center' }}
        />
      )}
    </div>
  );
}

/** The chat panel with one peer (docs/rules.md#chat). */
export default function ChatPanel({ peer }: { peer: ChatPeer }) {
  const { t } = useTranslation('chat');
  const { message } = App.useApp();
  const user = useCurrentUser();
  const me = user?.userId ?? user?.id ?? '';
  const closePeer = useChatUi((s) => s.closePeer);
  const send = useSocketStore((s) => s.send);
  const clearUnread = useSocketStore((s) => s.clearUnread);
  const online = useSocketStore((s) => !!s.onlineUsers[peer.id]);
  const status = useSocketStore((s) => s.status);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const pending = useRef(new Map<string, 'first' | 'older'>());
  /** Keeps the view where it was when older messages are put on top. */
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const requestPage = useCallback(
    (page: number, kind: 'first' | 'older') => {
      const reqId = nextReqId('panel');
      pending.current.set(reqId, kind);
      send({
        method: 'MessageList',
        toUserId: peer.id,
        formUserId: me,
        currentPage: page,
        pageSize: CHAT_PAGE_SIZE,
        sord: 'desc',
        reqId,
      });
    },
    [send, peer.id, me],
  );

  // Opening (and every reconnect): mark read over the socket first, then ask for the newest page.
  const openConversation = useCallback(() => {
    send({ method: 'UpdateReadMessage', formUserId: peer.id });
    clearUnread(peer.id);
    requestPage(1, 'first');
  }, [send, clearUnread, peer.id, requestPage]);

  useEffect(() => {
    const offs = [
      onFrame('messageList', (f) => {
        const kind = f.reqId ? pending.current.get(f.reqId) : undefined;
        if (!kind || !f.reqId) return;
        pending.current.delete(f.reqId);
        if (kind === 'older' && listRef.current) {
          keepFromBottom.current = listRef.current.scrollHeight - listRef.current.scrollTop;
        } else {
          stickToBottom.current = true;
        }
        setTotal(f.pagination.total);
        setMessages((current) => mergeMessages(current, f.list));
      }),
      onFrame('receiveMessage', (f) => {
        if (f.message.sendUserId !== peer.id) return;
        stickToBottom.current = true;
        setMessages((current) => mergeMessages(current, [f.message]));
        // The panel is open: what arrives is read at once.
        send({ method: 'UpdateReadMessage', formUserId: peer.id });
        clearUnread(peer.id);
      }),
      onFrame('sendMessage', (f) => {
        if (f.message.receiveUserId !== peer.id) return;
        stickToBottom.current = true;
        setMessages((current) => mergeMessages(current, [f.message]));
      }),
      onFrame('error', (f) => void message.error(f.msg, MESSAGE_FEEDBACK_S)),
      onSocketOpen(openConversation),
    ];
    if (useSocketStore.getState().status === 'open') openConversation();
    return () => {
      for (const off of offs) off();
    };
  }, [peer.id, openConversation, send, clearUnread, message]);

  // Runs after each change of the list (messages is read so the effect follows it).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (messages.length === 0) return;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
      stickToBottom.current = false;
    }
  }, [messages]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el || el.scrollTop > LOAD_OLDER_PX || messages.length >= total || pending.current.size > 0) return;
    const next = pages + 1;
    setPages(next);
    requestPage(next, 'older');
  };

  const sendText = () => {
    const content = outgoingText(text);
    if (!content) return;
    if ([...content].length > CHAT_TEXT_MAX) {
      message.warning(t('tooLong', { max: CHAT_TEXT_MAX }), MESSAGE_FEEDBACK_S);
      return;
    }
    if (send({ method: 'SendMessage', toUserId: peer.id, messageType: 'text', messageContent: content }))
      setText('');
    else message.error(t('offline'), MESSAGE_FEEDBACK_S);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const sendImage = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.error(t('imageOnly'), MESSAGE_FEEDBACK_S);
      return;
    }
    if (file.size >= MAX_IMAGE_BYTES) {
      message.error(t('imageTooLarge'), MESSAGE_FEEDBACK_S);
      return;
    }
    setUploading(true);
    try {
      const size = await createImageBitmap(file)
        .then((bitmap) => ({ width: bitmap.width, height: bitmap.height }))
        .catch(() => ({ width: 0, height: 0 }));
      const uploaded = await chatApi.upload(file);
      send({
        method: 'SendMessage',
        toUserId: peer.id,
        messageType: 'image',
        messageContent: JSON.stringify({ path: uploaded.url, name: file.name.slice(0, 200), ...size }),
      });
    } finally {
      setUploading(false);
    }
  };

  let lastStamp = 0;
  return (
    <Modal
      open
      onCancel={closePeer}
      footer={null}
      width={historyOpen ? 920 : 640}
      className="srm-chat-panel"
      title={
        <div className="srm-chat-header">
          <Avatar src={avatarUrl(peer.headIcon)} alt="">
            {peer.realName.slice(0, 1)}
          </Avatar>
          <span data-testid="chat-peer-name">{peer.realName}</span>
          <span className="srm-chat-time" data-testid="chat-peer-state">
            {online ? t('online') : t('offlineState')}
          </span>
          <Tooltip title={t('history')}>
            <Button
              type={historyOpen ? 'primary' : 'text'}
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('history')}
              onClick={() => setHistoryOpen((v) => !v)}
              data-testid="chat-history-toggle"
              style={{ marginInlineStart: 'auto', marginInlineEnd: 32 }}
            />
          </Tooltip>
        </div>
      }
    >
      <div className="srm-chat-body" data-testid="chat-panel">
        <div className="srm-chat-main">
          <div className="srm-chat-messages" ref={listRef} onScroll={onScroll} data-testid="chat-messages">
            {messages.map((m) => {
              const mine = m.sendUserId !== peer.id;
              // A time line when five minutes or more passed since the previous message.
              const stamp = m.sendTime - lastStamp >= 5 * 60_000 ? formatDate(m.sendTime) : null;
              lastStamp = m.sendTime;
              return (
                <div key={m.id}>
                  {stamp && <div className="srm-chat-stamp">{stamp}</div>}
                  <div
                    className={`srm-chat-row${mine ? ' srm-chat-mine' : ''}`}
                    data-testid={mine ? 'chat-message-mine' : 'chat-message-peer'}
                  >
                    <Avatar
                      size="small"
                      src={avatarUrl(mine ? (user?.headIcon ?? '') : peer.headIcon)}
                      alt=""
                    >
                      {(mine ? (user?.realName ?? '') : peer.realName).slice(0, 1)}
                    </Avatar>
                    <div className="srm-chat-bubble">
                      {m.contentType === 'image' ? (
                        <ImageMessage content={m.content} />
                      ) : (
                        <ChatText text={m.content} />
                      )}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
          <div className="srm-chat-toolbar">
            <Popover
              trigger="click"
              content={<EmojiPicker onPick={(code) => setText((v) => `${v}[${code}]`)} />}
              placement="topLeft"
            >
              <Button
                type="text"
                icon={<SmileOutlined />}
                aria-label={t('emoji')}
                data-testid="chat-emoji-button"
              />
            </Popover>
            <Upload
              accept="image/*"
              multiple={false}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void sendImage(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button
                type="text"
                icon={<PictureOutlined />}
                loading={uploading}
                aria-label={t('image')}
                data-testid="chat-image-button"
              />
            </Upload>
          </div>
          <div className="srm-chat-input">
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('placeholder')}
              maxLength={CHAT_TEXT_MAX}
              data-testid="chat-input"
              autoFocus
            />
          </div>
          <div className="srm-chat-send">
            <span>{status === 'open' ? t('enterHint') : t('offline')}</span>
            <Space>
              <Button
                type="primary"
                onClick={sendText}
                disabled={!outgoingText(text)}
                data-testid="chat-send"
              >
                {t('send')}
              </Button>
            </Space>
          </div>
        </div>
        {historyOpen && <HistoryPanel peer={peer} me={me} />}
      </div>
    </Modal>
  );
}
