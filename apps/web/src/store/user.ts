import { API, type CurrentUser, type LoginResult, SmsCodeApi } from '@srm/contracts/core';
import { create } from 'zustand';
import { ApiError, http, httpHooks } from '../api/request';
import { i18n } from '../i18n';
import { fetchTextOverrides } from '../i18n/fetchTextOverrides';
import { toast } from '../utils/message';
import { appNavigate, currentFullPath } from '../utils/navigation';
import { StorageKey, storage } from '../utils/storage';
import { useCacheStore } from './cache';
import { syncLanguage } from './languageSync';
import { DATAV_CONFIG_KEY, usePermissionStore } from './permission';
import { applyStoredSettings, flushSettings } from './settingsSync';
import { useTagsViewStore } from './tagsView';

/** Display time of a start-up error before the redirect to the login page (docs/rules.md#start-up). */
export const STARTUP_ERROR_MS = 1500;

function closeAllTabs(): void {
  useTagsViewStore.getState().delAllViews({ includeAffix: true });
}

interface UserData {
  token: string;
  userInfo: CurrentUser | null;
  permsList: string[];
  /** Screen locked (storage 'lock' = 1); survives a reload. */
  locked: boolean;
  /** Set by a sign-in; the layout shows the last-login notice once, then calls clearJustLoggedIn(). */
  justLoggedIn: boolean;
  /** True while the start-up data loads. */
  loading: boolean;
}

export interface UserState extends UserData {
  /**
   * POST login with the trimmed account; stores the token and the layout type from the theme. With
   * the new password of an expired one, and the solved proof of work when the server asked for it.
   */
  login(userName: string, passWord: string, more?: { newPassword?: string; altcha?: string }): Promise<void>;
  /** POST a sign-in with a mobile (or mobile@account) and its verification code; then as `login`. */
  loginWithCode(userName: string, code: string): Promise<void>;
  /** Token authentication (/home?token=, /auth-redirect): stores the token; the start-up then loads. */
  loginWithToken(token: string): void;
  /** What a sign-in answered: the token, the layout and the stored settings; the start-up begins. */
  acceptLogin(result: LoginResult): void;
  /**
   * User info, then in parallel enums, dictionaries, configs, sub-companies and the menu.
   * On failure: the error for 1500 ms, then token reset and /login?redirect=…. Resolves true when in.
   */
  loadStartup(): Promise<boolean>;
  /** Re-reads the current user (after a profile change). */
  refreshUserInfo(): Promise<CurrentUser>;
  setUserInfo(patch: Partial<CurrentUser>): void;
  clearJustLoggedIn(): void;
  /** POST logout (errors ignored), clear everything, go to /login. The confirmation is the caller's. */
  logout(): Promise<void>;
  /** Clears the session without a server call. */
  resetToken(): void;
  lockScreen(): void;
  /** Server check of the password with the trimmed account; then unlocks. */
  unlock(password: string): Promise<void>;
}

function readLocked(): boolean {
  return storage.get<number>(StorageKey.lock) === 1;
}

let startup: Promise<boolean> | null = null;
/** A token login takes its layout from the user's stored theme. */
let applyThemeFromUserInfo = false;

function loginRedirect(): string {
  const path = currentFullPath();
  const bare = path.split('?')[0];
  if (!bare || bare === '/login' || bare === '/lockScreen' || bare === '/' || bare === '/home')
    return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.msg;
  if (typeof error === 'string') return error || i18n.t('common:hasError');
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('common:hasError');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const useUserStore = create<UserState>((set, get) => ({
  token: storage.get<string>(StorageKey.token) ?? '',
  userInfo: null,
  permsList: [],
  locked: readLocked(),
  justLoggedIn: false,
  loading: false,

  async login(userName, passWord, more = {}) {
    const result = await http.post<LoginResult>(API.login, {
      userName: userName.trim(),
      passWord,
      newPassword: more.newPassword,
      altcha: more.altcha,
    });
    get().acceptLogin(result);
  },

  async loginWithCode(userName, code) {
    get().acceptLogin(
      await http.post<LoginResult>(SmsCodeApi.login, { userName: userName.trim(), code: code.trim() }),
    );
  },

  acceptLogin(result) {
    applyStoredSettings(result.theme, result.settings);
    storage.set(StorageKey.token, result.token);
    storage.remove(StorageKey.lock);
    usePermissionStore.getState().setLoaded(false);
    // The start-up's first request (user info) leaves before the store announces the token: the
    // announcement renders the shell's route, whose scripts (about fifty) would otherwise take the
    // browser's six connections first and hold the user info back until they are downloaded.
    startup = null;
    void get().loadStartup();
    set({ token: result.token, locked: false, justLoggedIn: true, userInfo: null });
  },

  loginWithToken(token) {
    storage.set(StorageKey.token, token);
    applyThemeFromUserInfo = true;
    usePermissionStore.getState().setLoaded(false);
    startup = null;
    set({ token, userInfo: null, justLoggedIn: true });
  },

  loadStartup() {
    if (startup) return startup;
    const run = async (): Promise<boolean> => {
      set({ loading: true });
      try {
        const permission = usePermissionStore.getState();
        const cache = useCacheStore.getState();
        // Every start-up request leaves at once (one round trip, not the user info's and then the
        // rest's); none of them needs the user info's answer. The user info is judged first.
        const userInfo = http.get<CurrentUser>(API.userInfo);
        const rest = Promise.all([
          cache.loadAll(),
          http.get<Parameters<typeof permission.setNav>[0]>(API.nav),
          // The tenant's own texts (never fails: the shipped ones serve). Asked for now; the module
          // that lays them over comes after sign-in, so the sign-in page does not download it.
          Promise.all([fetchTextOverrides(), import('../i18n/overrides')]).then(
            ([overrides, { applyTextOverrides }]) => {
              if (overrides) applyTextOverrides(overrides);
            },
          ),
        ]);
        // Its failure is met below, once the user info has arrived (not as an unhandled rejection).
        rest.catch(() => undefined);
        const info = await userInfo;
        if (!info) throw i18n.t('common:authFailed');
        if (applyThemeFromUserInfo) {
          applyThemeFromUserInfo = false;
          applyStoredSettings(info.theme, info.settings);
        }
        syncLanguage(info.language);
        permission.setPermsList(info.permsList ?? []);
        set({ userInfo: info, permsList: info.permsList ?? [] });
        if (info.subCompany?.id) cache.setSubCompanyInfo(info.subCompany);
        // The menu needs the visualisation base from the configs, so it is mapped after both arrive.
        const [, nav] = await rest;
        permission.setNav(nav, {
          token: get().token,
          dataVBase: useCacheStore.getState().config(DATAV_CONFIG_KEY) ?? '',
        });
        if (usePermissionStore.getState().menus.length === 0) {
          toast.error(i18n.t('common:permissionInsufficient'), STARTUP_ERROR_MS / 1000);
          const target = loginRedirect();
          get().resetToken();
          appNavigate(target, { replace: true });
          return false;
        }
        usePermissionStore.getState().setLoaded(true);
        return true;
      } catch (error) {
        // The request layer already resets and reloads on 600/601/602; this covers the rest.
        if (!get().token) return false;
        toast.error(errorText(error), STARTUP_ERROR_MS / 1000);
        await sleep(STARTUP_ERROR_MS);
        const target = loginRedirect();
        get().resetToken();
        appNavigate(target, { replace: true });
        return false;
      } finally {
        set({ loading: false });
        startup = null;
      }
    };
    startup = run();
    return startup;
  },

  async refreshUserInfo() {
    const info = await http.get<CurrentUser>(API.userInfo);
    usePermissionStore.getState().setPermsList(info.permsList ?? []);
    set({ userInfo: info, permsList: info.permsList ?? [] });
    return info;
  },

  setUserInfo(patch) {
    const current = get().userInfo;
    if (current) set({ userInfo: { ...current, ...patch } });
  },

  clearJustLoggedIn() {
    set({ justLoggedIn: false });
  },

  async logout() {
    // A setting that cannot be saved now must not keep the user signed in.
    await flushSettings().catch(() => undefined);
    // The socket would hear of this sign-out first and reload the page before the answer (with
    // where a provider's session ends) arrives: this tab is signing out, it needs no telling.
    await import('./socket').then(({ useSocketStore }) => useSocketStore.getState().disconnect());
    const ended = get().token
      ? await http
          .post<{ logoutUrl: string } | null>(API.logout, undefined, { silent: true })
          .catch(() => null)
      : null;
    get().resetToken();
    // Signed in through a provider that ends its own session too: there next, then back to /login.
    if (ended?.logoutUrl) window.location.assign(ended.logoutUrl);
    else appNavigate('/login', { replace: true });
  },

  resetToken() {
    storage.remove(StorageKey.token);
    storage.remove(StorageKey.lock);
    // The socket comes with the signed-in shell: the sign-in page does not download it.
    void import('./socket').then(({ useSocketStore }) => useSocketStore.getState().disconnect());
    startup = null;
    applyThemeFromUserInfo = false;
    usePermissionStore.getState().reset();
    useCacheStore.getState().reset();
    closeAllTabs();
    // The query cache comes with the signed-in shell's chunk: there is nothing to clear before it.
    void import('../api/queryClient').then(({ queryClient }) => queryClient.clear());
    set({ token: '', userInfo: null, permsList: [], locked: false, justLoggedIn: false, loading: false });
  },

  lockScreen() {
    storage.set(StorageKey.lock, 1);
    set({ locked: true });
  },

  async unlock(password) {
    const account = (get().userInfo?.account ?? '').trim();
    await http.post(API.lockScreen, { account, password });
    storage.remove(StorageKey.lock);
    set({ locked: false });
  },
}));

// A session reset from the request layer (codes 600/601/602, HTTP 500 + 401) clears the whole store.
httpHooks.onSessionReset = () => useUserStore.getState().resetToken();

/**
 * Reads the user's menu and codes again, after a change of the menu made from a screen (a report
 * published as a menu item): the side menu shows the new item and the router finds its page on the
 * next navigation (menu routes are patched in as they are first visited).
 */
export async function reloadMenu(): Promise<void> {
  const user = useUserStore.getState();
  await Promise.all([
    user.refreshUserInfo(),
    usePermissionStore.getState().loadNav({
      token: user.token,
      dataVBase: useCacheStore.getState().config(DATAV_CONFIG_KEY) ?? '',
    }),
  ]);
}
