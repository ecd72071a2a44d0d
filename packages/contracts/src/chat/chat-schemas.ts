import { z } from 'zod';
import { idSchema } from '../api/envelope';
import type { BidBoard, BidRank } from '../procurement/bid.core';
import {
  CHAT_CONTENT_TYPES,
  CHAT_PAGE_SIZE,
  type ChatPagination,
  SOCKET_FRAME_MAX_BYTES,
} from './chat-schemas.core';

export * from './chat-schemas.core';

/** Image content of a message, stored as JSON text (docs/rules.md#chat). */
export const chatImageSchema = z.object({
  path: z.string().min(1).max(300),
  name: z.string().max(200),
  width: z.number().int().min(0).max(20_000),
  height: z.number().int().min(0).max(20_000),
});
export type ChatImage = z.infer<typeof chatImageSchema>;

/** A stored chat message (docs/rules.md#chat). */
export const chatMessageSchema = z.object({
  id: z.string(),
  sendUserId: z.string(),
  receiveUserId: z.string(),
  contentType: z.enum(CHAT_CONTENT_TYPES),
  /** Text, or the JSON of a ChatImage. */
  content: z.string(),
  sendTime: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A recent conversation (docs/rules.md#chat), one per peer. */
export const conversationSchema = z.object({
  /** The peer's user id. */
  id: z.string(),
  realName: z.string(),
  account: z.string(),
  headIcon: z.string(),
  unreadMessage: z.number().int().min(0),
  latestMessage: z.string(),
  latestDate: z.number(),
  messageType: z.enum(CHAT_CONTENT_TYPES),
  formUserId: z.string(),
  toUserId: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const frameBase = {
  token: z.string().min(1).max(200),
  /** Optional id the client picks; echoed in the answer or error to match them up. */
  reqId: z.string().max(64).optional(),
};

/** Client → server frames. */
export const clientFrameSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('OnConnection'), ...frameBase }),
  z.object({ method: z.literal('heartCheck'), ...frameBase }),
  z.object({
    method: z.literal('SendMessage'),
    ...frameBase,
    toUserId: idSchema,
    messageType: z.enum(CHAT_CONTENT_TYPES),
    /** Text (trimmed, not empty, at most CHAT_TEXT_MAX), or the JSON of a ChatImage. */
    messageContent: z.string().max(SOCKET_FRAME_MAX_BYTES),
  }),
  z.object({ method: z.literal('UpdateReadMessage'), ...frameBase, formUserId: idSchema }),
  /** Opens the live view of an auction's round (procurement/bid-socket.ts): its frames come until `suspendBid`. */
  z.object({ method: z.literal('openBid'), ...frameBase, bidId: idSchema }),
  /** Stops the live view of that round. */
  z.object({ method: z.literal('suspendBid'), ...frameBase, bidId: idSchema }),
  z.object({
    method: z.literal('MessageList'),
    ...frameBase,
    /** The peer. */
    toUserId: idSchema,
    /** Myself (a frame naming another user answers an error). */
    formUserId: idSchema,
    currentPage: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
    sord: z.enum(['asc', 'desc']).default('desc'),
    keyword: z.string().trim().max(100).optional(),
  }),
]);
export type ClientFrame = z.input<typeof clientFrameSchema>;
export type ClientMethod = ClientFrame['method'];

/** Server → client frames. */
export type ServerChatFrame =
  | {
      method: 'initMessage';
      /** Users of my tenant with at least one open socket. */
      onlineUsers: string[];
      /** Unread chat messages per sender. */
      unreadNums: { formUserId: string; unreadNum: number }[];
      unreadNoticeCount: number;
      unreadMessageCount: number;
    }
  | { method: 'online'; userId: string }
  | { method: 'offline'; userId: string }
  /** To every tab of the sender: the stored message. */
  | { method: 'sendMessage'; message: ChatMessage; reqId?: string }
  /** To every tab of the receiver. */
  | { method: 'receiveMessage'; message: ChatMessage }
  /** To every tab of the reader: the conversation with formUserId has no unread messages now. */
  | { method: 'readMessage'; formUserId: string }
  /**
   * One page of a conversation. `sord` desc pages go back from the newest; the list is always
   * in the order asked for. toUserId and keyword echo the request.
   */
  | {
      method: 'messageList';
      toUserId: string;
      keyword: string;
      sord: 'asc' | 'desc';
      list: ChatMessage[];
      pagination: ChatPagination;
      reqId?: string;
    }
  | {
      method: 'messagePush';
      unreadNoticeCount: number;
      unreadMessageCount: number;
      title: string;
      messageType: number;
      /** Workflow pushes: the user's own open to-dos (the to-do list adds delegated ones when read). */
      todoCount?: number;
    }
  | { method: 'heartCheck' }
  /** The tenant's dictionaries changed (system/dictionary-codes DICT_CHANGED_METHOD): reload them. */
  | { method: 'dictChanged' }
  /**
   * Rows of these tables of the tenant were written (onlinedev/portal-live.ts): a portal widget
   * whose dataset reads one of them reads again (PortalView.watch).
   */
  | { method: 'dataChanged'; tables: string[] }
  /** An auction's round changed (a bid, an extension, suspended, resumed, closed): staff's board. */
  | ({ method: 'bidBoard' } & BidBoard)
  /** The same change as a supplier sees it: its rank, never another's price. */
  | ({ method: 'bidRank' } & BidRank)
  /** The session ended (logout, forced offline, single sign-in); the socket closes after this. */
  | { method: 'logout'; msg: string }
  /** A frame was refused and changed nothing; msg is in the user's language. */
  | { method: 'error'; code: number; msg: string; reqId?: string };
export type ServerChatMethod = ServerChatFrame['method'];
