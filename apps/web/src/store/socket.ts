import {
  ChatApi,
  type ClientFrame,
  type ServerChatFrame,
  type ServerChatMethod,
  SOCKET_HEARTBEAT_MS,
} from '@srm/contracts/core';
import { create } from 'zustand';
import { httpHooks } from '../api/request';

/**
 * The one chat socket of this tab (docs/rules.md#chat). It opens after sign-in, reconnects by itself
 * (1 s, 2 s, 4 s … up to 30 s) after a network loss or a server restart, and on every (re)connect
 * the server's `initMessage` brings the counts up to date; listeners of `open` reload what they
 * show. `logout` from the server ends the session like a 602 from the request layer.
 */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

type FrameOf<M extends ServerChatMethod> = Extract<ServerChatFrame, { method: M }>;
type Listener<M extends ServerChatMethod> = (frame: FrameOf<M>) => void;
/** A frame to send; the store adds the token. */
export type OutgoingFrame = ClientFrame extends infer F
  ? F extends { token: string }
    ? Omit<F, 'token'>
    : never
  : never;

interface SocketState {
  status: SocketStatus;
  /** Users of my tenant with an open socket. */
  onlineUsers: Record<string, true>;
  /** Unread chat messages per sender. */
  unreadNums: Record<string, number>;
  unreadMessageCount: number;
  unreadNoticeCount: number;
  /** Opens the socket (idempotent); called once the user is signed in. */
  connect(): void;
  /** Closes it for good (sign-out). */
  disconnect(): void;
  /** Sends a frame with the token; false when the socket is not open. */
  send(frame: OutgoingFrame): boolean;
  /** Counts after a REST call changed them (mark read, read all); never below 0. */
  setCounts(patch: { unreadMessageCount?: number; unreadNoticeCount?: number }): void;
  /** Marks the conversation with this peer read locally (the server is told by UpdateReadMessage). */
  clearUnread(peerId: string): void;
}

const listeners = new Map<string, Set<(frame: never) => void>>();
const openListeners = new Set<() => void>();

/** Subscribes to one kind of server frame; returns the unsubscribe function. */
export function onFrame<M extends ServerChatMethod>(method: M, listener: Listener<M>): () => void {
  let set = listeners.get(method);
  if (!set) {
    set = new Set();
    listeners.set(method, set);
  }
  set.add(listener as (frame: never) => void);
  return () => set.delete(listener as (frame: never) => void);
}

/** Called after each (re)connect, once the server has sent initMessage. */
export function onSocketOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${ChatApi.socket}`;
}

let ws: WebSocket | null = null;
let wanted = false;
let retry = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;

const clamp = (n: number) => Math.max(0, n);

export const useSocketStore = create<SocketState>((set, get) => {
  const dispatch = (frame: ServerChatFrame) => {
    switch (frame.method) {
      case 'initMessage': {
        const unreadNums: Record<string, number> = {};
        for (const u of frame.unreadNums) if (u.unreadNum > 0) unreadNums[u.formUserId] = u.unreadNum;
        set({
          onlineUsers: Object.fromEntries(frame.onlineUsers.map((id) => [id, true as const])),
          unreadNums,
          unreadMessageCount: clamp(frame.unreadMessageCount),
          unreadNoticeCount: clamp(frame.unreadNoticeCount),
        });
        break;
      }
      case 'online':
        set((s) => ({ onlineUsers: { ...s.onlineUsers, [frame.userId]: true } }));
        break;
      case 'offline':
        set((s) => {
          const { [frame.userId]: _gone, ...rest } = s.onlineUsers;
          return { onlineUsers: rest };
        });
        break;
      case 'receiveMessage': {
        const from = frame.message.sendUserId;
        set((s) => ({ unreadNums: { ...s.unreadNums, [from]: (s.unreadNums[from] ?? 0) + 1 } }));
        break;
      }
      case 'readMessage':
        get().clearUnread(frame.formUserId);
        break;
      case 'messagePush':
        set({
          unreadMessageCount: clamp(frame.unreadMessageCount),
          unreadNoticeCount: clamp(frame.unreadNoticeCount),
        });
        break;
      case 'logout':
        wanted = false;
        httpHooks.onSessionReset();
        httpHooks.reload();
        break;
      default:
        break;
    }
    for (const listener of listeners.get(frame.method) ?? [])
      (listener as (f: ServerChatFrame) => void)(frame);
    if (frame.method === 'initMessage') for (const listener of openListeners) listener();
  };

  const open = () => {
    const token = httpHooks.getToken();
    if (!wanted || !token || ws) return;
    set({ status: 'connecting' });
    const socket = new WebSocket(socketUrl());
    ws = socket;
    socket.onopen = () => {
      retry = 0;
      socket.send(JSON.stringify({ method: 'OnConnection', token }));
      heartbeat = setInterval(() => get().send({ method: 'heartCheck' }), SOCKET_HEARTBEAT_MS);
      set({ status: 'open' });
    };
    socket.onmessage = (event) => {
      let frame: ServerChatFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerChatFrame;
      } catch {
        return;
      }
      dispatch(frame);
    };
    socket.onclose = () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (ws === socket) ws = null;
      set({ status: 'closed' });
      if (!wanted) return;
      const delay = Math.min(30_000, 1000 * 2 ** retry);
      retry += 1;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        open();
      }, delay);
    };
  };

  // Back online or back to the tab: try at once instead of waiting for the backoff.
  if (typeof window !== 'undefined') {
    const now = () => {
      if (wanted && !ws) {
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        retry = 0;
        open();
      }
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') now();
    });
  }

  return {
    status: 'idle',
    onlineUsers: {},
    unreadNums: {},
    unreadMessageCount: 0,
    unreadNoticeCount: 0,
    connect() {
      wanted = true;
      open();
    },
    disconnect() {
      wanted = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      ws?.close();
      ws = null;
      set({ status: 'idle', onlineUsers: {}, unreadNums: {}, unreadMessageCount: 0, unreadNoticeCount: 0 });
    },
    send(frame) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify({ ...frame, token: httpHooks.getToken() }));
      return true;
    },
    setCounts(patch) {
      set((s) => ({
        unreadMessageCount: clamp(patch.unreadMessageCount ?? s.unreadMessageCount),
        unreadNoticeCount: clamp(patch.unreadNoticeCount ?? s.unreadNoticeCount),
      }));
    },
    clearUnread(peerId) {
      set((s) => {
        if (!s.unreadNums[peerId]) return s;
        const { [peerId]: _read, ...rest } = s.unreadNums;
        return { unreadNums: rest };
      });
    },
  };
});

/** True while any chat message is unread: the chat entry blinks. */
export const useChatBlinking = () => useSocketStore((s) => Object.keys(s.unreadNums).length > 0);
