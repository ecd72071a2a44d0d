import type { ClientFrame, Locale } from '@srm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthInfo, Deps } from '../core/context';
import type { ServerFrame } from '../core/realtime';

/** The socket methods a later domain answers (the chat socket only checks the frame and the token first). */
export type DomainSocketMethod = 'openBid' | 'suspendBid';

export interface SocketCall<M extends DomainSocketMethod> {
  deps: Deps;
  auth: AuthInfo;
  frame: Extract<ClientFrame, { method: M }>;
  locale: Locale;
  log: FastifyBaseLogger;
  /** The socket joins a live room as `audience` (ChatHub.join). */
  join(room: string, audience: string): void;
  leave(room: string): void;
  /** A frame to this socket only. */
  send(frame: ServerFrame): void;
}

type Handler<M extends DomainSocketMethod> = (call: SocketCall<M>) => Promise<void>;

const handlers = new Map<DomainSocketMethod, Handler<DomainSocketMethod>>();

/**
 * Answers a socket method in the domain that owns it (procurement/bid-socket.ts answers the live
 * bidding frames), the way `registerForm` lets a domain answer a workflow form: the chat socket
 * stays below the domains it carries. An AppError thrown becomes an `error` frame.
 */
export function registerSocketMethod<M extends DomainSocketMethod>(method: M, handler: Handler<M>): void {
  handlers.set(method, handler as unknown as Handler<DomainSocketMethod>);
}

export function socketMethodHandler<M extends DomainSocketMethod>(method: M): Handler<M> | undefined {
  return handlers.get(method) as Handler<M> | undefined;
}
