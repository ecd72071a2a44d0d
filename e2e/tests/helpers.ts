import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  admin: { account: 'admin', password: 'admin123' },
  buyer: { account: 'buyer', password: 'buyer123' },
  vendor: { account: 'vendor', password: 'vendor123' },
} as const;

/** Signs in through the login form and waits until the shell is shown. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS, path = '/login') {
  const { account, password } = ACCOUNTS[who];
  await signInAs(page, account, password, path);
}

/** Signs in with any account (one a test made) through the sign-in page. */
export async function signInAs(page: Page, account: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible();
}

/** Saves a screenshot for people to look at (e2e/screenshots, not committed). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false });
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('navbar-user').click();
}

export async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}
