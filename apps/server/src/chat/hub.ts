import { randomUUID } from 'node:crypto';
import { type Locale, SOCKET_HEARTBEAT_MS, SOCKET_RATE_PER_SECOND } from '@srm/contracts';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { Cluster } from '../core/cluster';
import { type MessageKey, t } from '../core/i18n';
import type { Realtime, ServerFrame } from '../core/realtime';

/**
 * The open chat sockets of this server process and the delivery between processes (docs/rules.md#chat).
 * Every delivery — to users, to sessions, to a tenant — is published on a bus and carried out by
 * each process for its own sockets: in-process without Redis, through one Redis pub/sub channel
 * with REDIS_URL, so a message sent through one process reaches a receiver connected to another.
 * Presence (who is online) is kept per process and, with Redis, shared in a sorted set per tenant
 * whose entries each process refreshes; a crashed process's entries age out.
 */

export interface Connection {
  socket: WebSocket;
  sessionId: string;
  userId: string;
  tenantId: string;
  token: string;
  locale: Locale;
  lastSeen: number;
}

type BusEvent =
  | { kind: 'users'; tenantId: string; userIds: readonly string[]; frame: ServerFrame }
  | { kind: 'sessions'; sessionIds: readonly string[]; reason: MessageKey }
  | { kind: 'tenant'; tenantId: string; frame: ServerFrame; exceptUserId?: string }
  | { kind: 'topic'; topic: string; data: unknown }
  | { kind: 'room'; room: string; frames: Record<string, ServerFrame> };

interface Bus {
  publish(event: BusEvent): Promise<void>;
  close(): Promise<void>;
}

interface Presence {
  /** This process has a socket of the user. */
  add(tenantId: string, userId: string): Promise<void>;
  /** This process has none left; answers whether another process still has one. */
  remove(tenantId: string, userId: string): Promise<boolean>;
  list(tenantId: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Presence entries older than this are a dead process's. */
const PRESENCE_TTL_MS = 45_000;
const PRESENCE_REFRESH_MS = 15_000;
/** Sockets silent for three heartbeats are dropped (the client reconnects if it is still there). */
const IDLE_LIMIT_MS = SOCKET_HEARTBEAT_MS * 3;

class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  readonly ready: Promise<void>;

  constructor(
    url: string,
    private readonly channel: string,
    onEvent: (event: BusEvent) => void,
    onError: (error: Error) => void,
  ) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, text: string) => {
      try {
        onEvent(JSON.parse(text) as BusEvent);
      } catch (error) {
        onError(error as Error);
      }
    });
    this.ready = this.sub.subscribe(channel).then(() => undefined);
  }

  get client(): Redis {
    return this.pub;
  }

  async publish(event: BusEvent): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(event));
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

class LocalPresence implements Presence {
  async add() {}
  async remove() {
    return false;
  }
  async list(): Promise<string[]> {
    return [];
  }
  async close() {}
}

class RedisPresence implements Presence {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly processId: string,
    private readonly localUsers: () => Map<string, Set<string>>,
  ) {
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  private key = (tenantId: string) => `${this.prefix}:online:${tenantId}`;
  private member = (userId: string) => `${this.processId}|${userId}`;

  async add(tenantId: string, userId: string) {
    await this.redis.zadd(this.key(tenantId), Date.now(), this.member(userId));
  }

  async remove(tenantId: string, userId: string) {
    await this.redis.zrem(this.key(tenantId), this.member(userId));
    return (await this.list(tenantId)).includes(userId);
  }

  async list(tenantId: string): Promise<string[]> {
    const members = await this.redis.zrangebyscore(this.key(tenantId), Date.now() - PRESENCE_TTL_MS, '+inf');
    return [...new Set(members.map((m) => m.slice(m.indexOf('|') + 1)))];
  }

  /** Keeps this process's entries fresh and drops entries of processes that stopped refreshing. */
  private async refresh() {
    const now = Date.now();
    const batch = this.redis.multi();
    for (const [tenantId, users] of this.localUsers()) {
      const key = this.key(tenantId);
      batch.zremrangebyscore(key, '-inf', now - PRESENCE_TTL_MS);
      if (users.size) batch.zadd(key, ...[...users].flatMap((u) => [now, this.member(u)]));
    }
    await batch.exec();
  }

  async close() {
    clearInterval(this.timer);
    const batch = this.redis.multi();
    for (const [tenantId, users] of this.localUsers()) {
      if (users.size) batch.zrem(this.key(tenantId), ...[...users].map((u) => this.member(u)));
    }
    await batch.exec().catch(() => undefined);
  }
}

/** Per-user token bucket: SOCKET_RATE_PER_SECOND frames a second, bursts of twice that. */
class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  take(userId: string): boolean {
    const now = Date.now();
    const burst = SOCKET_RATE_PER_SECOND * 2;
    const b = this.buckets.get(userId) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * SOCKET_RATE_PER_SECOND);
    b.at = now;
    this.buckets.set(userId, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  forget(userId: string) {
    this.buckets.delete(userId);
  }
}

/**
 * A socket's key: the tenant and the user. User ids are sequential across tenants, so an id named
 * by another tenant (a definition or form naming a foreign user) must never reach this user's sockets.
 */
const userKey = (tenantId: string, userId: string) => `${tenantId}:${userId}`;

export class ChatHub implements Realtime, Cluster {
  /** `userKey(tenant, user)` → that user's sockets on this process. */
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  /** tenant → users with a socket on this process (presence refresh, tenant broadcasts). */
  private readonly tenantUsers = new Map<string, Set<string>>();
  private readonly bus: Bus;
  private readonly presence: Presence;
  private readonly sweeper: NodeJS.Timeout;
  readonly limiter = new RateLimiter();
  readonly ready: Promise<void>;
  readonly shared: boolean;
  readonly processId = randomUUID();
  readonly redis: Redis | null = null;
  private readonly topics = new Map<string, Set<(data: unknown) => void>>();
  /** room → the sockets of this process in it, each with its audience (which frame it gets). */
  private readonly rooms = new Map<string, Map<Connection, string>>();
  private readonly roomsOf = new Map<Connection, Set<string>>();

  constructor(
    redisUrl: string | undefined,
    readonly prefix: string,
    onError: (error: Error) => void,
  ) {
    const deliver = (event: BusEvent) => this.deliver(event);
    if (redisUrl) {
      const bus = new RedisBus(redisUrl, `${prefix}:realtime`, deliver, onError);
      this.bus = bus;
      this.redis = bus.client;
      this.presence = new RedisPresence(bus.client, prefix, this.processId, () => this.tenantUsers);
      this.ready = bus.ready;
      this.shared = true;
    } else {
      // Delivered on the next tick, like a round trip through Redis: callers never depend on timing.
      this.bus = {
        publish: async (event) => void setImmediate(deliver, event),
        close: async () => {},
      };
      this.presence = new LocalPresence();
      this.ready = Promise.resolve();
      this.shared = false;
    }
    this.sweeper = setInterval(() => this.dropIdle(), SOCKET_HEARTBEAT_MS);
    this.sweeper.unref();
  }

  /** Registers an authenticated socket; true when it is the user's first on this process. */
  async add(conn: Connection): Promise<boolean> {
    const key = userKey(conn.tenantId, conn.userId);
    let sockets = this.byUser.get(key);
    const first = !sockets;
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(key, sockets);
    }
    sockets.add(conn);
    let session = this.bySession.get(conn.sessionId);
    if (!session) {
      session = new Set();
      this.bySession.set(conn.sessionId, session);
    }
    session.add(conn);
    let users = this.tenantUsers.get(conn.tenantId);
    if (!users) {
      users = new Set();
      this.tenantUsers.set(conn.tenantId, users);
    }
    users.add(conn.userId);
    if (first) await this.presence.add(conn.tenantId, conn.userId);
    return first;
  }

  /**
   * The socket joins a live room as `audience`: each frame sent to the room names a frame per
   * audience, and a socket gets only its own (a supplier's rank, never staff's board).
   */
  join(conn: Connection, room: string, audience: string): void {
    let members = this.rooms.get(room);
    if (!members) {
      members = new Map();
      this.rooms.set(room, members);
    }
    members.set(conn, audience);
    let joined = this.roomsOf.get(conn);
    if (!joined) {
      joined = new Set();
      this.roomsOf.set(conn, joined);
    }
    joined.add(room);
  }

  leave(conn: Connection, room?: string): void {
    const joined = this.roomsOf.get(conn);
    if (!joined) return;
    for (const name of room === undefined ? [...joined] : [room]) {
      joined.delete(name);
      const members = this.rooms.get(name);
      members?.delete(conn);
      if (members?.size === 0) this.rooms.delete(name);
    }
    if (joined.size === 0) this.roomsOf.delete(conn);
  }

  /** Every socket in the room, on every process, gets the frame of its audience (none if it has none). */
  sendToRoom(room: string, frames: Record<string, ServerFrame>): Promise<void> {
    return this.bus.publish({ kind: 'room', room, frames });
  }

  /** Unregisters a closed socket; true when the user has no socket left on any process. */
  async remove(conn: Connection): Promise<boolean> {
    this.leave(conn);
    const key = userKey(conn.tenantId, conn.userId);
    const sockets = this.byUser.get(key);
    if (!sockets?.delete(conn)) return false;
    const session = this.bySession.get(conn.sessionId);
    session?.delete(conn);
    if (session?.size === 0) this.bySession.delete(conn.sessionId);
    if (sockets.size > 0) return false;
    this.byUser.delete(key);
    this.limiter.forget(conn.userId);
    const users = this.tenantUsers.get(conn.tenantId);
    users?.delete(conn.userId);
    if (users?.size === 0) this.tenantUsers.delete(conn.tenantId);
    return !(await this.presence.remove(conn.tenantId, conn.userId));
  }

  /** Users of the tenant with an open socket on any process. */
  async onlineUsers(tenantId: string): Promise<string[]> {
    const local = [...(this.tenantUsers.get(tenantId) ?? [])];
    if (!this.shared) return local;
    return [...new Set([...local, ...(await this.presence.list(tenantId))])];
  }

  /** Number of sockets open on this process (benchmarks, health). */
  get size(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  sendToUsers(tenantId: string, userIds: readonly string[], frame: ServerFrame): Promise<void> {
    return userIds.length ? this.bus.publish({ kind: 'users', tenantId, userIds, frame }) : Promise.resolve();
  }

  sendToTenant(tenantId: string, frame: ServerFrame, exceptUserId?: string): Promise<void> {
    return this.bus.publish({ kind: 'tenant', tenantId, frame, exceptUserId });
  }

  endSessions(sessionIds: readonly string[], reason: MessageKey): Promise<void> {
    return sessionIds.length ? this.bus.publish({ kind: 'sessions', sessionIds, reason }) : Promise.resolve();
  }

  broadcast(topic: string, data: unknown): Promise<void> {
    return this.bus.publish({ kind: 'topic', topic, data });
  }

  subscribe(topic: string, handler: (data: unknown) => void): () => void {
    let handlers = this.topics.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.topics.set(topic, handlers);
    }
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** A frame to one socket of this process (answers to its own requests). */
  send(conn: Connection, frame: ServerFrame): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
  }

  /** `logout {msg}` in the socket's language, then close. */
  logout(conn: Connection | { socket: WebSocket; locale: Locale }, reason: MessageKey): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(JSON.stringify({ method: 'logout', msg: t(conn.locale, reason) }));
    conn.socket.close(4001, 'logout');
  }

  private deliver(event: BusEvent): void {
    if (event.kind === 'topic') {
      for (const handler of this.topics.get(event.topic) ?? []) handler(event.data);
      return;
    }
    if (event.kind === 'room') {
      const texts = new Map<string, string>();
      for (const [conn, audience] of this.rooms.get(event.room) ?? []) {
        const frame = event.frames[audience];
        if (!frame || conn.socket.readyState !== conn.socket.OPEN) continue;
        let text = texts.get(audience);
        if (text === undefined) {
          text = JSON.stringify(frame);
          texts.set(audience, text);
        }
        conn.socket.send(text);
      }
      return;
    }
    if (event.kind === 'sessions') {
      for (const id of event.sessionIds) {
        for (const conn of this.bySession.get(id) ?? []) this.logout(conn, event.reason);
      }
      return;
    }
    const text = JSON.stringify(event.frame);
    const sendText = (conn: Connection) => {
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text);
    };
    if (event.kind === 'users') {
      for (const id of event.userIds)
        for (const conn of this.byUser.get(userKey(event.tenantId, id)) ?? []) sendText(conn);
      return;
    }
    for (const userId of this.tenantUsers.get(event.tenantId) ?? []) {
      if (userId === event.exceptUserId) continue;
      for (const conn of this.byUser.get(userKey(event.tenantId, userId)) ?? []) sendText(conn);
    }
  }

  private dropIdle(): void {
    const limit = Date.now() - IDLE_LIMIT_MS;
    for (const sockets of this.byUser.values()) {
      for (const conn of sockets) if (conn.lastSeen < limit) conn.socket.terminate();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const sockets of this.byUser.values())
      for (const conn of sockets) conn.socket.close(1001, 'server stopping');
    await this.presence.close();
    await this.bus.close();
  }
}
