import {
  ChatApi,
  type ClientFrame,
  clientFrameSchema,
  type Locale,
  resolveLocale,
  SOCKET_FRAME_MAX_BYTES,
  zCleanInput,
} from '@srm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { resolveSession } from '../auth/session';
import type { AuthInfo } from '../core/context';
import { AppError } from '../core/errors';
import { type MessageKey, storedLocale, t } from '../core/i18n';
import { issuesToFields } from '../core/validation';
import { unreadCounts } from '../message/notify';
import {
  assertPeer,
  checkContent,
  conversationPage,
  markConversationRead,
  storeChatMessage,
  unreadByPeer,
} from './chat-store';
import type { ChatHub, Connection } from './hub';
import { socketMethodHandler } from './socket-methods';

/** A socket that has not sent a valid token by then is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** Frames pass the same clean-text guard as HTTP input: no NUL or unpaired surrogate reaches a query. */
const cleanClientFrameSchema = zCleanInput(clientFrameSchema);
/** Frames larger than this are closed by the socket library itself (never read into memory). */
export const SOCKET_HARD_MAX_BYTES = 256 * 1024;

type Frame = z.output<typeof clientFrameSchema>;

/**
 * The chat socket at /api/message/websocket (docs/rules.md#chat). Every frame is checked in this order,
 * and a refused frame gets an `error` frame and changes nothing: size, rate, JSON, shape (zod),
 * token (the connection's own, and its session still live — an ended one gets `logout` and the
 * socket closes), then the method's own rules. A message is stored before it is echoed or delivered.
 */
export function registerChatSocket(app: FastifyInstance, hub: ChatHub): void {
  const { db, files } = app.deps;

  app.get(
    ChatApi.socket,
    { websocket: true, config: { auth: 'none' }, schema: { hide: true } },
    (socket: WebSocket, request: FastifyRequest) => {
      const state: { conn: Connection | null; locale: Locale; queue: Promise<void> } = {
        conn: null,
        locale: resolveLocale(request.headers['accept-language']),
        queue: Promise.resolve(),
      };
      const timer = setTimeout(() => {
        if (!state.conn) socket.close(4000, 'no token');
      }, AUTH_TIMEOUT_MS);

      const error = (
        code: number,
        key: MessageKey,
        params?: Record<string, string | number>,
        reqId?: string,
      ) => {
        if (socket.readyState !== socket.OPEN) return;
        socket.send(JSON.stringify({ method: 'error', code, msg: t(state.locale, key, params), reqId }));
      };

      socket.on('message', (data: RawData, isBinary: boolean) => {
        // Frames of one socket are handled one after another, in the order they came.
        state.queue = state.queue
          .then(() => handle(data, isBinary))
          .catch((e: unknown) => {
            request.log.error({ err: e }, 'chat frame failed');
            error(500, 'error.server', { requestId: request.id });
          });
      });

      socket.on('close', () => {
        clearTimeout(timer);
        const conn = state.conn;
        if (!conn) return;
        state.conn = null;
        void hub
          .remove(conn)
          .then((gone) =>
            gone ? hub.sendToTenant(conn.tenantId, { method: 'offline', userId: conn.userId }) : undefined,
          )
          .catch((e: unknown) => request.log.error({ err: e }, 'chat socket close failed'));
      });

      const handle = async (data: RawData, isBinary: boolean) => {
        const bytes = Array.isArray(data)
          ? data.reduce((n, b) => n + b.length, 0)
          : data instanceof ArrayBuffer
            ? data.byteLength
            : data.length;
        if (state.conn) state.conn.lastSeen = Date.now();
        if (bytes > SOCKET_FRAME_MAX_BYTES)
          return error(413, 'chat.tooLarge', { max: SOCKET_FRAME_MAX_BYTES });
        if (state.conn && !hub.limiter.take(state.conn.userId)) return error(429, 'chat.rateLimited');
        let json: unknown;
        try {
          if (isBinary) throw new Error('binary');
          json = JSON.parse(data.toString());
        } catch {
          return error(400, 'chat.badFrame');
        }
        const reqId =
          typeof (json as { reqId?: unknown })?.reqId === 'string'
            ? (json as { reqId: string }).reqId
            : undefined;
        const parsed = cleanClientFrameSchema.safeParse(json);
        if (!parsed.success) {
          const method = (json as { method?: unknown })?.method;
          const known = clientFrameSchema.options.some((o) => o.shape.method.value === method);
          if (!known) return error(400, 'chat.unknownMethod', { method: String(method ?? '') }, reqId);
          const fields = issuesToFields(
            parsed.error.issues.map((i) => ({
              instancePath: `/${i.path.join('/')}`,
              message: i.message,
              keyword: i.code,
              params: i as unknown as Record<string, unknown>,
            })),
            state.locale,
          );
          const detail = Object.entries(fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ');
          return error(400, 'chat.badFields', { detail }, reqId);
        }
        const frame = parsed.data;

        // The token: bound on the first frame, the same on every later one, and still live.
        if (state.conn && frame.token !== state.conn.token)
          return error(601, 'auth.tokenInvalid', undefined, reqId);
        let auth: AuthInfo;
        try {
          auth = await resolveSession(app.deps, frame.token);
        } catch (e) {
          if (e instanceof AppError) return hub.logout({ socket, locale: state.locale }, e.key);
          throw e;
        }
        if (!state.conn) {
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(timer);
          state.locale = storedLocale(auth.language) ?? state.locale;
          const conn: Connection = {
            socket,
            sessionId: auth.sessionId,
            userId: auth.userId,
            tenantId: auth.tenantId,
            token: frame.token,
            locale: state.locale,
            lastSeen: Date.now(),
          };
          state.conn = conn;
          const first = await hub.add(conn);
          const [online, unreadNums, counts] = await Promise.all([
            hub.onlineUsers(auth.tenantId),
            unreadByPeer(db, auth.userId),
            unreadCounts(db, auth.tenantId, [auth.userId]),
          ]);
          hub.send(conn, {
            method: 'initMessage',
            onlineUsers: online,
            unreadNums,
            ...counts.get(auth.userId)!,
          });
          if (first)
            await hub.sendToTenant(auth.tenantId, { method: 'online', userId: auth.userId }, auth.userId);
        }
        try {
          await dispatch(state.conn, auth, frame, reqId);
        } catch (e) {
          if (e instanceof AppError) return error(e.code, e.key, e.params, reqId);
          throw e;
        }
      };

      const dispatch = async (conn: Connection, auth: AuthInfo, frame: Frame, reqId?: string) => {
        switch (frame.method) {
          case 'OnConnection':
            return;
          case 'heartCheck':
            hub.send(conn, { method: 'heartCheck' });
            return;
          case 'SendMessage': {
            if (frame.toUserId === auth.userId) throw new AppError(400, 'chat.selfChat');
            await assertPeer(db, auth, frame.toUserId);
            const content = await checkContent(files, auth.tenantId, frame.messageType, frame.messageContent);
            const message = await storeChatMessage(
              db,
              auth.tenantId,
              auth.userId,
              frame.toUserId,
              frame.messageType,
              content,
            );
            await Promise.all([
              hub.sendToUsers(auth.tenantId, [auth.userId], { method: 'sendMessage', message, reqId }),
              hub.sendToUsers(auth.tenantId, [frame.toUserId], { method: 'receiveMessage', message }),
            ]);
            return;
          }
          case 'UpdateReadMessage': {
            await assertPeer(db, auth, frame.formUserId);
            await markConversationRead(db, auth.userId, frame.formUserId);
            // Every tab of the reader clears its count, even when nothing was unread here.
            await hub.sendToUsers(auth.tenantId, [auth.userId], {
              method: 'readMessage',
              formUserId: frame.formUserId,
            });
            return;
          }
          case 'MessageList': {
            if (frame.formUserId !== auth.userId) throw new AppError(403, 'chat.notOwnConversation');
            await assertPeer(db, auth, frame.toUserId);
            const page = await conversationPage(db, auth.userId, frame.toUserId, frame);
            hub.send(conn, {
              method: 'messageList',
              toUserId: frame.toUserId,
              keyword: frame.keyword ?? '',
              sord: frame.sord,
              ...page,
              reqId,
            });
            return;
          }
          case 'openBid':
          case 'suspendBid': {
            const handler = socketMethodHandler(frame.method);
            if (!handler) throw new AppError(400, 'chat.unknownMethod', { method: frame.method });
            await handler({
              deps: app.deps,
              auth,
              frame: frame as never,
              locale: conn.locale,
              log: request.log,
              join: (room, audience) => hub.join(conn, room, audience),
              leave: (room) => hub.leave(conn, room),
              send: (out) => hub.send(conn, { ...out, reqId }),
            });
            return;
          }
          default: {
            const never: never = frame;
            return never;
          }
        }
      };
    },
  );
}

export type { ClientFrame };
