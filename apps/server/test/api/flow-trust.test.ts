import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pushCounts } from '../../src/message/notify';
import { createTestApp, type TestApp } from '../helpers';
import { workflowTenant } from '../workflow-tenant';
import { settle, TestSocket } from '../ws-client';

/**
 * Trust at the edges of the workflow (issue 36 §3, §4), tried as an attacker would with two
 * tenants seeded with the workflow demo: pushes addressed to another tenant's user id never reach
 * his socket.
 */
let t: TestApp;
let base: string;
let one: Awaited<ReturnType<typeof workflowTenant>>;
let two: Awaited<ReturnType<typeof workflowTenant>>;
const open: TestSocket[] = [];

async function connect(token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(base, token);
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  // The PostgreSQL run delivers through Redis (as several processes would), the PGlite run in-process.
  const redisUrl = inject('testDb') === 'pg' ? process.env.REDIS_URL : undefined;
  t = await createTestApp(
    redisUrl ? { redisUrl, redisPrefix: `srmtest-${randomBytes(4).toString('hex')}` } : {},
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  one = await workflowTenant(t, 'ta', '信任甲', '139000061');
  two = await workflowTenant(t, 'tb', '信任乙', '139000062');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

describe('pushes are addressed by tenant and user', () => {
  it('tenant 1’s socket receives nothing that tenant 2 sends to his user id', async () => {
    const buyer1 = await connect(one.buyer);
    const buyer2 = await connect(two.buyer);
    // Tenant 2's counts for an id that is tenant 1's buyer (a task of tenant 2 naming him), and a
    // frame to both ids: only tenant 2's own buyer is told.
    await pushCounts(t.app.deps, two.ids.tenant, [one.ids.buyer, two.ids.buyer]);
    await t.app.deps.realtime.sendToUsers(two.ids.tenant, [one.ids.buyer, two.ids.buyer], {
      method: 'messagePush',
      unreadMessageCount: 0,
      unreadNoticeCount: 0,
      todoCount: 7,
    });
    await buyer2.next('messagePush');
    await buyer2.next('messagePush');
    await settle();
    expect(buyer1.all('messagePush')).toEqual([]);
    // His own tenant still reaches him.
    await pushCounts(t.app.deps, one.ids.tenant, [one.ids.buyer]);
    await buyer1.next('messagePush');
  });
});
