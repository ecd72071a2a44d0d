import { type CurrentUser, type SubCompanyNode, sysNameIn } from '@srm/contracts/core';
import { useCallback } from 'react';
import type { AppMenuItem } from '../router/types';
import { useCacheStore } from './cache';
import { usePermissionStore } from './permission';
import { useAppStore } from './settings';
import { useUserStore } from './user';

/**
 * The one place where the shell reads the session, menu and caches owned by the web core.
 * Components use these hooks only, so the wiring stays in this file.
 */

export function useMenuTree(): AppMenuItem[] {
  return usePermissionStore((s) => s.menus);
}

export function useCurrentUser(): CurrentUser | null {
  return useUserStore((s) => s.userInfo);
}

export function useSubCompanies(): SubCompanyNode[] {
  return useCacheStore((s) => s.subCompanies);
}

/** A system config value ('sysVersion', 'helpUrl', 'sysName'); '' when absent. */
export function useConfigValue(key: string): string {
  return useCacheStore((s) => s.config(key) ?? '');
}

/** The configured system name in the reader's language; '' when none is set. */
export function useSysName(): string {
  const language = useAppStore((s) => s.language);
  const sysName = useConfigValue('sysName');
  const sysNameEn = useConfigValue('sysNameEn');
  const sysNameTw = useConfigValue('sysNameTw');
  return sysNameIn({ sysName, sysNameEn, sysNameTw }, language);
}

/** True right after a sign-in, until cleared (last-login notice). */
export function useJustLoggedIn(): [boolean, () => void] {
  const justLoggedIn = useUserStore((s) => s.justLoggedIn);
  const clear = useCallback(() => useUserStore.getState().clearJustLoggedIn(), []);
  return [justLoggedIn, clear];
}

export function useCurrentSubCompany(): { id: string; deptName: string } | null {
  const stored = useCacheStore((s) => s.subCompanyInfo);
  const fromUser = useUserStore((s) => s.userInfo?.subCompany);
  return stored ?? fromUser ?? null;
}

export const shellActions = {
  lockScreen(): void {
    useUserStore.getState().lockScreen();
  },
  /** Server logout and full session reset (tabs included), then the sign-in page. */
  async logout(): Promise<void> {
    await useUserStore.getState().logout();
  },
  /** POST switchCompany and store subCompanyInfo. */
  switchCompany(company: { id: string; deptName: string }): Promise<void> {
    return useCacheStore.getState().switchCompany(company);
  },
};
