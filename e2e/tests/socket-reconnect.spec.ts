import { expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { shot, signIn } from './helpers';

/**
 * The chat socket comes back by itself after a network loss or a server restart and catches up on
 * what it missed. The user's socket goes through a route of the test, which can cut it and refuse new
 * connections (the "server" is down) until it lets them through again.
 */
test('the socket reconnects by itself and catches up on a message sent while it was down', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const account = `rc${stamp}`;
  // A user of this test only, so no other test's conversations mix in.
  const login = await request.post('/api/sys/login', { data: { userName: 'admin', passWord: 'admin123' } });
  const token = (await login.json()).data.token as string;
  // With the buyer's role: a user without any menu may not sign in.
  const roles = await request.get('/api/sys/role/list', { headers: { token }, params: { keyword: 'buyer' } });
  const buyerRole = ((await roles.json()).data.list as { id: string; enCode: string }[]).find(
    (r) => r.enCode === 'buyer',
  );
  const created = await request.post('/api/permission/Users', {
    headers: { token },
    data: {
      account,
      realName: `重连${stamp}`,
      mobile: '13912345699',
      password: 'reconnect1',
      roleIds: [buyerRole?.id],
    },
  });
  expect((await created.json()).code).toBe(0);

  const userContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const user = await userContext.newPage();
  let down = false;
  let current: { page: WebSocketRoute; close(): Promise<void> } | null = null;
  let connections = 0;
  await user.routeWebSocket(/\/api\/message\/websocket/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: 'server down' });
      return;
    }
    connections += 1;
    const server = ws.connectToServer();
    current = {
      page: ws,
      close: async () => {
        await server.close();
        await ws.close({ code: 4001, reason: 'network lost' });
      },
    };
  });
  await user.goto('/login');
  await user.getByTestId('login-username').fill(account);
  await user.getByTestId('login-password').fill('reconnect1');
  await user.getByTestId('login-submit').click();
  await expect(user.getByTestId('layout-root')).toBeVisible();
  await expect.poll(() => connections).toBe(1);

  const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin: Page = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.getByTestId('navbar-chat').click();
  await admin.getByTestId('chat-tab-contacts').click();
  await admin.getByTestId('chat-contact-search').locator('input').fill(account);
  await admin.getByTestId('chat-contact-search').locator('input').press('Enter');
  await admin.getByTestId(`chat-contact-${account}`).click();
  await expect(admin.getByTestId('chat-peer-state')).toHaveText('在线');

  // The connection drops and the server refuses new ones for a while.
  down = true;
  await current!.close();
  await expect(admin.getByTestId('chat-peer-state')).toHaveText('离线');
  await admin.getByTestId('chat-input').fill(`断线期间 ${stamp}`);
  await admin.getByTestId('chat-input').press('Enter');
  await expect(admin.getByTestId('chat-message-mine')).toHaveCount(1);
  await expect(user.getByTestId('chat-badge').locator('.ant-scroll-number')).toHaveCount(0);

  // Back: the client reconnects on its own and catches up on the missed message.
  down = false;
  await expect.poll(() => connections, { timeout: 40_000 }).toBe(2);
  await expect(user.getByTestId('navbar-chat')).toHaveAttribute('data-blinking', '1');
  await expect(user.getByTestId('chat-badge')).toContainText('1');
  await expect(admin.getByTestId('chat-peer-state')).toHaveText('在线');
  await user.getByTestId('navbar-chat').click();
  await user.getByTestId('chat-conversation-admin').click();
  await expect(user.getByTestId('chat-message-peer').first()).toContainText(`断线期间 ${stamp}`);
  await shot(user, 'socket-reconnected');

  // Live delivery works again on the new connection.
  await admin.getByTestId('chat-input').fill(`恢复之后 ${stamp}`);
  await admin.getByTestId('chat-input').press('Enter');
  await expect(user.getByTestId('chat-message-peer')).toHaveCount(2);
});
