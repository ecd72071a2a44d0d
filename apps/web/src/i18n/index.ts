import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@srm/contracts/core';
import i18next, { type i18n as i18nType } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { StorageKey, storage } from '../utils/storage';
import { START_NAMESPACES } from './startNamespaces';

type Table = Record<string, unknown>;

/**
 * Locale files are `locales/{namespace}.{locale}.json`; every namespace exists in the three
 * languages (a test and the pre-stop hook compare their keys). Each is its own chunk, fetched when
 * first needed: only the active language, and only the namespaces of the screens shown.
 */
const loaders = import.meta.glob<{ default: Table }>('../locales/*.json');

/** Every namespace the locale files define. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(loaders).map((path) => /\/([\w-]+)\.[\w-]+\.json$/.exec(path)?.[1] ?? '')),
].filter(Boolean);

export { START_NAMESPACES } from './startNamespaces';

/**
 * What the signed-in shell itself shows (navbar, bell, chat entry, forced notices, home). Every
 * other namespace is fetched by the first screen that asks for it (`useTranslation` suspends until
 * it arrives; the main area has a Suspense boundary per page).
 */
export const SHELL_NAMESPACES = ['layout', 'a11y', 'home', 'message', 'chat'];

/** A namespace's shipped texts in one language (the language screen lists them all). */
export async function loadTable(lng: string, ns: string): Promise<Table> {
  const load = loaders[`../locales/${ns}.${lng}.json`];
  if (!load) throw new Error(`no locale file ${ns}.${lng}`);
  return (await load()).default;
}

/** The stored choice first, then the browser's language, then zh-CN (docs/rules.md#language). */
export function initialLocale(): Locale {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  if (typeof navigator !== 'undefined' && navigator.language) return resolveLocale(navigator.language);
  return DEFAULT_LOCALE;
}

export const i18n: i18nType = i18next.createInstance();
/** Resolves once the active language's start namespaces are loaded (rendering waits for it). */
export const i18nReady = i18n
  .use(resourcesToBackend(loadTable))
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    supportedLngs: [...LOCALES],
    // Every key exists in every language: no second language is fetched as a fallback.
    fallbackLng: false,
    ns: START_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The shell's namespaces of the active language (loaded namespaces also follow a language switch). */
export async function loadShellNamespaces(): Promise<void> {
  // The router starts before the first render: loading ahead of init would never settle.
  await i18nReady;
  await i18n.loadNamespaces(SHELL_NAMESPACES);
}

/** Namespaces a page outside the shell needs before it renders (a public page). */
export async function loadNamespaces(namespaces: string[]): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
}

export function currentLocale(): Locale {
  return (i18n.language as Locale) ?? DEFAULT_LOCALE;
}
