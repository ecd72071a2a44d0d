// The zod-free part of chat-schemas.ts (shared by the web without zod).

/**
 * Instant chat (docs/rules.md#chat): one WebSocket per signed-in tab.
 * Every client frame is JSON with `method` and `token`; the server answers with the frames below.
 */
export const ChatApi = {
  /** The WebSocket endpoint (ws:// or wss:// on the same host). */
  socket: '/api/message/websocket',
  /** GET: my recent conversations, newest first (data.list). */
  conversations: '/api/message/imreply',
  /** Image upload for chat: POST multipart `file` (images only, 5 MB), answers {name, url}. */
  upload: '/api/file/Uploader/IM',
} as const;

/** Chat panel history page (docs/rules.md#chat): 50, older ones when scrolled near the top. */
export const CHAT_PAGE_SIZE = 50;
/** The history side panel's page (docs/rules.md#chat). */
export const CHAT_HISTORY_PAGE_SIZE = 30;
/** Longest text message, in characters. */
export const CHAT_TEXT_MAX = 2000;
/** Largest client frame in bytes: larger frames get an `error` frame and are not processed. */
export const SOCKET_FRAME_MAX_BYTES = 16 * 1024;
/** Frames a user may send per second across their tabs (burst: twice that). */
export const SOCKET_RATE_PER_SECOND = 20;
/** The client sends heartCheck this often; the server closes a socket silent for 3 intervals. */
export const SOCKET_HEARTBEAT_MS = 25_000;

export const CHAT_CONTENT_TYPES = ['text', 'image'] as const;
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number];

export interface ChatPagination {
  currentPage: number;
  pageSize: number;
  total: number;
}
