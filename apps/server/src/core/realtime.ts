import type { MessageKey } from './i18n';

/**
 * Delivery of server → client socket frames (docs/rules.md#chat). The chat hub (chat/hub.ts)
 * holds the open sockets; everything else only calls this interface: a message is committed
 * first, then `sendToUsers` tells its recipients on every server process (Redis pub/sub when
 * REDIS_URL is set, in-process otherwise).
 */
export interface ServerFrame {
  method: string;
  [key: string]: unknown;
}

export interface Realtime {
  /**
   * Every open socket of these users of the tenant, on every server process, gets the frame; a
   * socket of another tenant's user never does, whatever ids are named (ids are sequential across
   * tenants).
   */
  sendToUsers(tenantId: string, userIds: readonly string[], frame: ServerFrame): Promise<void>;
  /** Every open socket of the tenant's users, on every server process. */
  sendToTenant(tenantId: string, frame: ServerFrame): Promise<void>;
  /**
   * Every socket that joined the live room (an auction's round, `bidRoom`), on every server
   * process, gets the frame named by its audience; a socket whose audience has none gets nothing.
   */
  sendToRoom(room: string, frames: Record<string, ServerFrame>): Promise<void>;
  /**
   * The sockets of these sessions get `logout {msg}` (the reason, in each socket's language) and
   * close: logout, forced offline, replaced by a sign-in elsewhere, user disabled or deleted.
   */
  endSessions(sessionIds: readonly string[], reason: MessageKey): Promise<void>;
  close(): Promise<void>;
}

/** Until the socket server is registered: nothing is connected, so nothing is delivered. */
export const noRealtime: Realtime = {
  async sendToUsers() {},
  async sendToTenant() {},
  async sendToRoom() {},
  async endSessions() {},
  async close() {},
};
