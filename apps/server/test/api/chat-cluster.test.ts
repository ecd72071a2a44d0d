import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPgDatabase } from '../helpers';
import { TestSocket } from '../ws-client';

/**
 * Two server processes on the same PostgreSQL database and Redis (docs/rules.md#chat): a message sent
 * through one reaches a receiver connected to the other, presence is shared, and a logout in one
 * closes the socket held by the other; a session that one ends or whose user one disables is
 * refused by the other, which had kept it (auth/session.ts). Runs where both services exist (the
 * PostgreSQL run of CI).
 */
const redisUrl = process.env.REDIS_URL;
const enabled = inject('testDb') === 'pg' && !!redisUrl;
const root = fileURLToPath(new URL('../../../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function login(url: string, account: string): Promise<string> {
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: account, passWord: `${account}123` }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 0) throw new Error(`login ${account} failed`);
  return body.data.token;
}

describe.runIf(enabled)('two server processes, one PostgreSQL, one Redis', () => {
  const servers: { url: string; child: ChildProcess }[] = [];
  const sockets: TestSocket[] = [];
  let drop: () => Promise<void> = async () => {};
  let dbUrl = '';

  beforeAll(async () => {
    const db = await freshPgDatabase();
    drop = db.drop;
    dbUrl = db.url;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `srmtest-${randomBytes(4).toString('hex')}`,
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'srm-cluster-')),
      SEED_DEMO: '0',
    };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await drop();
  }, 60_000);

  it('a message sent through one process reaches the receiver on the other', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const adminToken = await login(a.url, 'admin');
    const buyerToken = await login(b.url, 'buyer');
    const admin = await TestSocket.open(a.url, adminToken);
    sockets.push(admin);
    const buyer = await TestSocket.open(b.url, buyerToken);
    sockets.push(buyer);
    const buyerId = (await admin.next('online')).userId;
    // Presence is shared: the buyer, connected to b, sees the admin connected to a.
    const init = buyer.all('initMessage')[0]!;
    expect(init.onlineUsers.length).toBe(2);
    const adminId = init.onlineUsers.find((id) => id !== buyerId)!;

    admin.send({
      method: 'SendMessage',
      token: adminToken,
      toUserId: buyerId,
      messageType: 'text',
      messageContent: '跨进程',
    });
    const got = await buyer.next('receiveMessage');
    expect(got.message).toMatchObject({ sendUserId: adminId, receiveUserId: buyerId, content: '跨进程' });
    expect((await admin.next('sendMessage')).message.id).toBe(got.message.id);

    // And back, and the history is the same from either process.
    buyer.send({
      method: 'SendMessage',
      token: buyerToken,
      toUserId: adminId,
      messageType: 'text',
      messageContent: '收到',
    });
    expect((await admin.next('receiveMessage')).message.content).toBe('收到');
    admin.send({
      method: 'MessageList',
      token: adminToken,
      toUserId: buyerId,
      formUserId: adminId,
      currentPage: 1,
      pageSize: 10,
      sord: 'asc',
    });
    expect((await admin.next('messageList')).list.map((m) => m.content)).toEqual(['跨进程', '收到']);

    // A logout through process a ends the buyer's socket held by process b.
    await fetch(`${a.url}/api/sys/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyerToken}` },
    });
    expect((await buyer.next('logout')).msg).toBeTruthy();
    await buyer.waitClosed();
    expect((await admin.next('offline')).userId).toBe(buyerId);
  });

  /** user/info's code on `url` with `token`, asked until it is `code` (a change notice travels between processes). */
  async function userInfoUntil(url: string, token: string, code: number): Promise<number> {
    let last = -1;
    for (let i = 0; i < 100 && last !== code; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 50));
      const res = await fetch(`${url}/api/sys/user/info`, { headers: { authorization: `Bearer ${token}` } });
      last = ((await res.json()) as { code: number }).code;
    }
    return last;
  }

  it('a session ended, a user renamed or disabled elsewhere is seen by a process that kept the session', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const adminToken = await login(a.url, 'admin');
    const buyerToken = await login(a.url, 'buyer');
    // b reads the session, and keeps it for its next requests.
    expect(await userInfoUntil(b.url, buyerToken, 0)).toBe(0);
    expect(await userInfoUntil(b.url, buyerToken, 0)).toBe(0);
    const online = (await (
      await fetch(`${a.url}/api/permission/OnlineUser?keyword=buyer`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { data: { list: { id: string; current: boolean }[] } };
    const session = online.data.list[0]!;
    const forced = await fetch(`${a.url}/api/permission/OnlineUser/${session.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(((await forced.json()) as { code: number }).code).toBe(0);
    expect(await userInfoUntil(b.url, buyerToken, 602)).toBe(602);

    // A user's name changed by another writer (an operator's SQL): b answers the new one.
    const other = await login(a.url, 'buyer');
    const infoOnB = async () =>
      (
        (await (
          await fetch(`${b.url}/api/sys/user/info`, { headers: { authorization: `Bearer ${other}` } })
        ).json()) as { data: { realName: string } }
      ).data.realName;
    const before = await infoOnB();
    const operator = new pg.Client({ connectionString: dbUrl });
    await operator.connect();
    try {
      await operator.query(`update sys_user set real_name = 'Renamed by SQL' where account = 'buyer'`);
    } finally {
      await operator.end();
    }
    let now = before;
    for (let i = 0; i < 100 && now !== 'Renamed by SQL'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = await infoOnB();
    }
    expect(now).toBe('Renamed by SQL');

    // Disabling the user through a ends the other session (602) that b had kept.
    const users = (await (
      await fetch(`${a.url}/api/permission/Users?keyword=buyer`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { data: { list: { id: string; account: string }[] } };
    const buyerId = users.data.list.find((u) => u.account === 'buyer')!.id;
    const disabled = await fetch(`${a.url}/api/permission/Users/${buyerId}/Actions/State`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(((await disabled.json()) as { code: number }).code).toBe(0);
    expect(await userInfoUntil(b.url, other, 602)).toBe(602);
  });
});
