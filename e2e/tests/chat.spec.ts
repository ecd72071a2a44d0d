import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { closeOpenedContexts, shot, signedInPage, signIn } from './helpers';

// A 2×2 red PNG, and a text file pretending to be an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGP8z8Dwn4GBgYGJAQoAHxcCAr7ZaqgAAAAASUVORK5CYII=',
  'base64',
);

test.afterEach(closeOpenedContexts);

async function openChatWith(page: Page, account: string, keyword: string) {
  await page.getByTestId('navbar-chat').click();
  await page.getByTestId('chat-tab-contacts').click();
  await page.getByTestId('chat-contact-search').locator('input').fill(keyword);
  await page.getByTestId('chat-contact-search').locator('input').press('Enter');
  await page.getByTestId(`chat-contact-${account}`).click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
}

test('two users chat with text, an emoji and an image; unread badges and blinking', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin');
  const buyer = await signedInPage(browser, 'buyer');
  const stamp = Date.now().toString(36);

  await openChatWith(admin, 'buyer', 'buyer');
  await expect(admin.getByTestId('chat-peer-state')).toHaveText('在线');

  // An empty (blank) message is not sent.
  const input = admin.getByTestId('chat-input');
  await input.fill('   ');
  await input.press('Enter');
  await expect(admin.getByTestId('chat-message-mine')).toHaveCount(0);

  // Text with an emoji picked from the picker, sent with Enter.
  await input.fill(`  你好 ${stamp} `);
  await admin.getByTestId('chat-emoji-button').click();
  await admin.getByTestId('chat-emoji-101').click();
  await input.press('Enter');
  const mine = admin.getByTestId('chat-message-mine');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(`你好 ${stamp}`);
  await expect(mine.first().getByTestId('chat-emoji-image')).toBeVisible();
  await expect(input).toHaveValue('');

  // A file that is not an image is refused with the message; an image is sent.
  const fake = join(tmpdir(), `not-an-image-${stamp}.txt`);
  writeFileSync(fake, 'hello');
  await admin.locator('.srm-chat-toolbar input[type=file]').setInputFiles(fake);
  await expect(admin.getByText('只能上传图片文件')).toBeVisible();
  const png = join(tmpdir(), `red-${stamp}.png`);
  writeFileSync(png, PNG);
  await admin.locator('.srm-chat-toolbar input[type=file]').setInputFiles(png);
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  await shot(admin, 'chat-admin-panel');

  // The buyer: the entry blinks, badges count 2, the conversation shows them.
  await expect(buyer.getByTestId('navbar-chat')).toHaveAttribute('data-blinking', '1');
  await expect(buyer.getByTestId('chat-badge')).toContainText('2');
  await buyer.getByTestId('navbar-chat').click();
  const conversation = buyer.getByTestId('chat-conversation-admin');
  await expect(conversation.getByTestId('chat-conversation-unread')).toContainText('2');
  await shot(buyer, 'chat-buyer-drawer');
  await conversation.click();
  const peer = buyer.getByTestId('chat-message-peer');
  await expect(peer).toHaveCount(2);
  await expect(peer.first()).toContainText(`你好 ${stamp}`);
  await expect(peer.first().getByTestId('chat-emoji-image')).toBeVisible();
  await expect(peer.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  // Opening it read it: the blinking and the badge stop.
  await expect(buyer.getByTestId('navbar-chat')).toHaveAttribute('data-blinking', '0');
  await expect(buyer.getByTestId('chat-badge')).not.toContainText('2');

  // The buyer replies; the administrator sees it live.
  await buyer.getByTestId('chat-input').fill(`收到 ${stamp}`);
  await buyer.getByTestId('chat-send').click();
  await expect(admin.getByTestId('chat-message-peer')).toHaveCount(1);
  await expect(admin.getByTestId('chat-message-peer').first()).toContainText(`收到 ${stamp}`);

  // The history panel finds a message by keyword.
  await buyer.getByTestId('chat-history-toggle').click();
  await buyer.getByTestId('chat-history-search').locator('input').fill(`收到 ${stamp}`);
  await buyer.getByTestId('chat-history-search').locator('input').press('Enter');
  await expect(buyer.getByTestId('chat-history-item')).toHaveCount(1);
  await shot(buyer, 'chat-buyer-history');
});

test('the contacts list and its search leave out the signed-in user', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.getByTestId('navbar-chat').click();
  await page.getByTestId('chat-tab-contacts').click();
  const contacts = page.getByTestId('chat-contacts');
  await expect(contacts.getByTestId('chat-contact-admin')).toBeVisible();
  await expect(contacts.getByTestId('chat-contact-vendor')).toBeVisible();
  await expect(contacts.getByTestId('chat-contact-buyer')).toHaveCount(0);
  const search = page.getByTestId('chat-contact-search').locator('input');
  // Searching my own name finds nobody; another contact's does.
  await search.fill('张采购');
  await search.press('Enter');
  await expect(contacts).toContainText('暂无联系人');
  await search.fill('adm');
  await search.press('Enter');
  await expect(contacts.getByTestId('chat-contact-admin')).toBeVisible();
  await expect(contacts.locator('.srm-chat-list-item')).toHaveCount(1);
});
