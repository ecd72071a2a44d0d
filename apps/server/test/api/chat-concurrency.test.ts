import { randomBytes } from 'node:crypto';
import type { ChatMessage } from '@srm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashToken, newToken } from '../../src/auth/session';
import { createTestApp, type TestApp } from '../helpers';
import { TestSocket } from '../ws-client';

/**
 * Users writing to each other at the same moment: every message the sender sees acknowledged is
 * stored once, counted once in the receiver's unread number and delivered — and nobody gets an
 * error. Each message writes both users' conversation rows; on PostgreSQL the test widens the gap
 * between those two row writes (a sleeping trigger), so two opposite messages that take the rows
 * in opposite orders would deadlock nearly every time.
 */
let t: TestApp;
let base: string;
const open: TestSocket[] = [];
const pg = inject('testDb') === 'pg';

interface Chatter {
  id: string;
  token: string;
  socket: TestSocket;
}

/** `n` new users of the admin's tenant, each signed in (a session row) with an open socket. */
async function chatters(prefix: string, n: number): Promise<Chatter[]> {
  const admin = await t.db
    .selectFrom('sys_user')
    .selectAll()
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const { id: _, ...copied } = admin;
  const rows = await t.db
    .insertInto('sys_user')
    .values(
      Array.from({ length: n }, (_, i) => ({
        ...copied,
        account: `${prefix}${i}`,
        mobile: '',
        real_name: `${prefix} ${i}`,
        is_admin: false,
      })),
    )
    .returning('id')
    .execute();
  const tokens = rows.map(() => newToken());
  await t.db
    .insertInto('sys_session')
    .values(
      rows.map((r, i) => ({
        token_hash: hashToken(tokens[i]!),
        tenant_id: admin.tenant_id,
        user_id: r.id,
        ip: '127.0.0.1',
        user_agent: 'test',
        company_id: null,
      })),
    )
    .execute();
  return Promise.all(
    rows.map(async (r, i) => {
      const socket = await TestSocket.open(base, tokens[i]!);
      open.push(socket);
      return { id: String(r.id), token: tokens[i]!, socket };
    }),
  );
}

/** Waits until the socket has `n` frames of the methods (or fails after `ms`). */
async function until(socket: TestSocket, methods: string[], n: number, ms = 20_000): Promise<void> {
  const count = () => socket.frames.filter((f) => methods.includes(f.method)).length;
  const deadline = Date.now() + ms;
  while (count() < n) {
    if (Date.now() > deadline) throw new Error(`${count()} of ${n} ${methods.join('/')} frames`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * `a` and `b` each send `n` messages to the other at once. Then: no error frame; every message is
 * acknowledged to its sender, delivered to its receiver and stored once; the receiver's unread
 * number counts each exactly once.
 */
async function exchange(pairs: [Chatter, Chatter][], n: number): Promise<void> {
  const sends = pairs.flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]) as [Chatter, Chatter][];
  for (let i = 0; i < n; i++) {
    for (const [from, to] of sends) {
      from.socket.send({
        method: 'SendMessage',
        token: from.token,
        reqId: `${from.id}-${i}`,
        toUserId: to.id,
        messageType: 'text',
        messageContent: `from ${from.id} to ${to.id} #${i}`,
      });
    }
  }
  // Each socket gets an answer (echo or error) per message it sent and a delivery per message sent to it.
  await Promise.all(sends.map(([from]) => until(from.socket, ['sendMessage', 'error'], n)));
  for (const [from] of sends) expect(from.socket.all('error')).toEqual([]);
  await Promise.all(sends.map(([from]) => until(from.socket, ['receiveMessage'], n)));

  for (const [from, to] of sends) {
    const acked = from.socket.all('sendMessage').map((f) => f.message);
    expect(acked.map((m) => m.content).sort()).toEqual(
      Array.from({ length: n }, (_, i) => `from ${from.id} to ${to.id} #${i}`).sort(),
    );
    const delivered = to.socket
      .all('receiveMessage')
      .map((f) => f.message)
      .filter((m) => m.sendUserId === from.id);
    expect(delivered.map((m) => m.id).sort()).toEqual(acked.map((m) => m.id).sort());
    const stored = await t.db
      .selectFrom('im_message')
      .select(['id', 'content'])
      .where('send_user_id', '=', from.id)
      .where('receive_user_id', '=', to.id)
      .execute();
    expect(stored.map((m) => String(m.id)).sort()).toEqual(acked.map((m: ChatMessage) => m.id).sort());
    expect(new Set(stored.map((m) => m.content)).size).toBe(n);
    const conversation = await t.db
      .selectFrom('im_conversation')
      .select('unread')
      .where('user_id', '=', to.id)
      .where('peer_id', '=', from.id)
      .executeTakeFirstOrThrow();
    expect(conversation.unread).toBe(n);
  }
}

beforeAll(async () => {
  // As in production with several processes: delivery through Redis on the PostgreSQL run.
  const redisUrl = pg ? process.env.REDIS_URL : undefined;
  t = await createTestApp(
    redisUrl ? { redisUrl, redisPrefix: `srmtest-${randomBytes(4).toString('hex')}` } : {},
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (pg) {
    // Between the two conversation rows of one message: 5 ms in which the other side's message
    // can take its first row (the two-row window that load opens only now and then).
    await sql
      .raw(`create function test_slow_conversation() returns trigger language plpgsql as $$
        begin perform pg_sleep(0.005); return new; end $$`)
      .execute(t.db);
    await sql
      .raw(`create trigger test_slow_conversation before insert on im_conversation
        for each row execute function test_slow_conversation()`)
      .execute(t.db);
  }
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

describe('chat under concurrent sending', () => {
  it('two users sending to each other at the same moment: every message stored once and delivered', async () => {
    const [a, b] = await chatters('duo', 2);
    await exchange([[a!, b!]], 15);
  });

  it('50 pairs at once', async () => {
    const users = await chatters('pair', 100);
    const pairs = Array.from(
      { length: 50 },
      (_, i) => [users[2 * i]!, users[2 * i + 1]!] as [Chatter, Chatter],
    );
    await exchange(pairs, 4);
  }, 120_000);
});
