import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { adminHeaders, axeViolations, createUser, shot, signIn, test } from './helpers';

const PASSWORD = 'pass1234';

// A 2×2 red PNG, and a text file pretending to be an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFElEQVR4nGP8z8Dwn4GBgYGJAQoAHxcCAr7ZaqgAAAAASUVORK5CYII=',
  'base64',
);

async function openChatWith(page: Page, account: string, keyword: string) {
  await page.getByTestId('navbar-chat').click();
  await page.getByTestId('chat-tab-contacts').click();
  await page.getByTestId('chat-contact-search').locator('input').fill(keyword);
  await page.getByTestId('chat-contact-search').locator('input').press('Enter');
  await page.getByTestId(`chat-contact-${account}`).click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
}

test('two users chat with text, an emoji and an image; unread badges and blinking', async ({
  signedInPage,
  request,
}) => {
  // Two browser contexts through a whole conversation: longer than one page's journey.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // Two users of the test's own: their conversation starts empty in every run and on a retry.
  const headers = await adminHeaders(request);
  const writer = { account: `cw${stamp}`, password: PASSWORD };
  const reader = { account: `cr${stamp}`, password: PASSWORD };
  await createUser(request, headers, { ...writer, realName: `写者${stamp}` });
  await createUser(request, headers, { ...reader, realName: `读者${stamp}` });
  const writerPage = await signedInPage(writer);
  const readerPage = await signedInPage(reader);

  await openChatWith(writerPage, reader.account, reader.account);
  await expect(writerPage.getByTestId('chat-peer-state')).toHaveText('在线');

  // An empty (blank) message is not sent.
  const input = writerPage.getByTestId('chat-input');
  await input.fill('   ');
  await input.press('Enter');
  await expect(writerPage.getByTestId('chat-message-mine')).toHaveCount(0);

  // Text with an emoji picked from the picker, sent with Enter.
  await input.fill(`  你好 ${stamp} `);
  await writerPage.getByTestId('chat-emoji-button').click();
  await writerPage.getByTestId('chat-emoji-101').click();
  await input.press('Enter');
  const mine = writerPage.getByTestId('chat-message-mine');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(`你好 ${stamp}`);
  await expect(mine.first().getByTestId('chat-emoji-image')).toBeVisible();
  await expect(input).toHaveValue('');

  // A file that is not an image is refused with the message; an image is sent.
  const fake = join(tmpdir(), `not-an-image-${stamp}.txt`);
  writeFileSync(fake, 'hello');
  await writerPage.locator('.srm-chat-toolbar input[type=file]').setInputFiles(fake);
  await expect(writerPage.getByText('只能上传图片文件')).toBeVisible();
  const png = join(tmpdir(), `red-${stamp}.png`);
  writeFileSync(png, PNG);
  await writerPage.locator('.srm-chat-toolbar input[type=file]').setInputFiles(png);
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  await shot(writerPage, 'chat-admin-panel');

  // The reader: the entry blinks, badges count 2, the conversation shows them.
  await expect(readerPage.getByTestId('navbar-chat')).toHaveAttribute('data-blinking', '1');
  await expect(readerPage.getByTestId('chat-badge')).toContainText('2');
  // The button's name carries the count its badge shows (the badge sits beside the button).
  await expect(readerPage.getByTestId('navbar-chat')).toHaveAccessibleName('内部聊天 2');
  expect(await axeViolations(readerPage, '[data-testid=chat-badge]')).toEqual([]);
  await readerPage.getByTestId('navbar-chat').click();
  const conversation = readerPage.getByTestId(`chat-conversation-${writer.account}`);
  await expect(conversation.getByTestId('chat-conversation-unread')).toContainText('2');
  await shot(readerPage, 'chat-buyer-drawer');
  await conversation.click();
  const peer = readerPage.getByTestId('chat-message-peer');
  await expect(peer).toHaveCount(2);
  await expect(peer.first()).toContainText(`你好 ${stamp}`);
  await expect(peer.first().getByTestId('chat-emoji-image')).toBeVisible();
  await expect(peer.nth(1).getByTestId('chat-image').locator('img')).toBeVisible();
  // Opening it read it: the blinking and the badge stop.
  await expect(readerPage.getByTestId('navbar-chat')).toHaveAttribute('data-blinking', '0');
  await expect(readerPage.getByTestId('chat-badge')).not.toContainText('2');

  // The reader replies; the writer sees it live.
  await readerPage.getByTestId('chat-input').fill(`收到 ${stamp}`);
  await readerPage.getByTestId('chat-send').click();
  await expect(writerPage.getByTestId('chat-message-peer')).toHaveCount(1);
  await expect(writerPage.getByTestId('chat-message-peer').first()).toContainText(`收到 ${stamp}`);

  // The history panel finds a message by keyword.
  await readerPage.getByTestId('chat-history-toggle').click();
  await readerPage.getByTestId('chat-history-search').locator('input').fill(`收到 ${stamp}`);
  await readerPage.getByTestId('chat-history-search').locator('input').press('Enter');
  await expect(readerPage.getByTestId('chat-history-item')).toHaveCount(1);
  await shot(readerPage, 'chat-buyer-history');
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

test("a supplier's user finds the staff it works with by name, never their accounts nor another supplier's users", async ({
  page,
}) => {
  await signIn(page, 'vendor');
  await page.getByTestId('navbar-chat').click();
  await page.getByTestId('chat-tab-contacts').click();
  const contacts = page.getByTestId('chat-contacts');
  // The buyer recorded its supplier and sent it a notice: listed by his name, not as `buyer`.
  await expect(contacts.locator('.srm-chat-list-item', { hasText: '张采购' })).toBeVisible();
  await expect(contacts.getByTestId('chat-contact-buyer')).toHaveCount(0);
  await expect(contacts.getByTestId('chat-contact-admin')).toHaveCount(0);
  await expect(contacts.getByTestId('chat-contact-vendor2')).toHaveCount(0);
  const search = page.getByTestId('chat-contact-search').locator('input');
  await search.fill('王钢材');
  await search.press('Enter');
  await expect(contacts).toContainText('暂无联系人');
});
