import {
  type LayoutType,
  type Locale,
  normalizeLayout,
  type ThemeColorName,
  type UiSettings,
} from '@srm/contracts/core';
import { create } from 'zustand';
import { httpHooks } from '../api/request';
import { i18n, initialLocale } from '../i18n';
import { deviceFor } from '../layout/menuUtils';
import { StorageKey, storage } from '../utils/storage';

/** The eight theme colours of the settings drawer (docs/rules.md#settings); blue #1890ff is the default. */
export const THEME_COLORS: Record<ThemeColorName, string> = {
  blue: '#1890ff',
  purple: '#722ed1',
  azure: '#2f54eb',
  ocean: '#13c2c2',
  green: '#52c41a',
  yellow: '#faad14',
  orange: '#fa8c16',
  red: '#f5222d',
};
export type { ThemeColorName };

export interface Settings {
  themeColor: ThemeColorName;
  /** 'dark' switches the whole application to the dark algorithm. */
  themeClass: 'light' | 'dark';
  /** Sidebar style in the light theme. */
  slideClass: 'dark' | 'light';
  layoutType: LayoutType;
  showSettings: boolean;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  useCache: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** Defaults: docs/rules.md#settings. */
export const DEFAULT_SETTINGS: Settings = {
  themeColor: 'blue',
  themeClass: 'light',
  slideClass: 'dark',
  layoutType: 'classic',
  showSettings: true,
  tagsView: true,
  tagsIcon: true,
  showLanguage: true,
  showSearch: true,
  useCache: true,
  fixedHeader: false,
  sidebarLogo: true,
};

function loadSettings(): Settings {
  return sanitize(storage.get<Partial<Settings>>(StorageKey.settings) ?? {});
}

function sanitize(stored: Partial<Settings>): Settings {
  const merged = { ...DEFAULT_SETTINGS };
  // Only keys we know, with the type of the default, survive: a tampered value cannot break the shell.
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[key];
    if (value !== undefined && typeof value === typeof DEFAULT_SETTINGS[key]) {
      (merged as Record<string, unknown>)[key] = value;
    }
  }
  if (!(merged.themeColor in THEME_COLORS)) merged.themeColor = 'blue';
  if (!['classic', 'functional', 'plain'].includes(merged.layoutType)) merged.layoutType = 'classic';
  return merged;
}

interface SettingsState extends Settings {
  set<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
  /** The user's stored settings, applied at sign-in: the defaults overridden by what the server holds. */
  applyStored(theme: unknown, settings: UiSettings): void;
}

/** The settings as the server stores them: the layout as `theme`, the rest as `settings`. */
export function serverSettings(settings: Settings): { theme: LayoutType; settings: UiSettings } {
  const { layoutType, ...rest } = settings;
  return { theme: layoutType, settings: rest };
}

function persist(settings: Settings): void {
  storage.set(StorageKey.settings, settings);
}

/** The settings fields of the store's state, without its functions. */
export function currentSettings(state: Settings): Settings {
  const picked = {} as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) picked[key] = state[key];
  return picked as unknown as Settings;
}

/** Every setting is persisted locally and applied without reload (and saved for the user: settingsSync). */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...loadSettings(),
  set(key, value) {
    set({ [key]: value } as Partial<SettingsState>);
    persist(currentSettings(get()));
  },
  reset() {
    storage.remove(StorageKey.settings);
    set({ ...DEFAULT_SETTINGS });
  },
  applyStored(theme, settings) {
    const next = sanitize({ ...settings, layoutType: normalizeLayout(theme) });
    persist(next);
    set(next);
  },
}));

export type Device = 'desktop' | 'mobile';
export type ComponentSize = 'small' | 'middle' | 'large';

interface AppState {
  sidebarOpened: boolean;
  withoutAnimation: boolean;
  device: Device;
  language: Locale;
  size: ComponentSize;
  toggleSidebar(withoutAnimation?: boolean): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setLanguage(language: Locale): void;
  setSize(size: ComponentSize): void;
}

/**
 * The device from the window's width at start-up, so that the shell's first render on a phone is
 * the phone's (useResponsive follows resizes): a desktop first render built the whole side menu only
 * to drop it for the drawer a moment later.
 */
const initialDevice: Device =
  typeof window !== 'undefined' && window.innerWidth > 0 ? deviceFor(window.innerWidth) : 'desktop';

/** Application state (docs/rules.md#settings): sidebar status, language and size persist locally. */
export const useAppStore = create<AppState>((set, get) => ({
  // On a phone the menu's drawer starts closed (useResponsive closes it on every route change too).
  sidebarOpened: initialDevice !== 'mobile' && (storage.get<boolean>(StorageKey.sidebarStatus, true) ?? true),
  withoutAnimation: false,
  device: initialDevice,
  language: initialLocale(),
  size: storage.get<ComponentSize>(StorageKey.size, 'middle') ?? 'middle',
  toggleSidebar(withoutAnimation = false) {
    const opened = !get().sidebarOpened;
    storage.set(StorageKey.sidebarStatus, opened);
    set({ sidebarOpened: opened, withoutAnimation });
  },
  closeSidebar(withoutAnimation) {
    storage.set(StorageKey.sidebarStatus, false);
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice(device) {
    set({ device });
  },
  setLanguage(language) {
    storage.set(StorageKey.language, language);
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    set({ language });
  },
  setSize(size) {
    storage.set(StorageKey.size, size);
    set({ size });
  },
}));

// The request layer sends the chosen language (its Accept-Language) without importing this store.
httpHooks.getLanguage = () => useAppStore.getState().language;
