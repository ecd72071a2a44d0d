import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@srm/contracts';
import i18next, { type i18n as i18nType } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, storage } from '../utils/storage';

/**
 * Locale files are `locales/{namespace}.{locale}.json`; every namespace exists in the three
 * languages (a test and the pre-stop hook compare their keys). They are bundled, so switching
 * language is instant and never waits for the network.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json', { eager: true });

export function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const match = /\/([\w-]+)\.(zh-CN|en-US|zh-TW)\.json$/.exec(path);
    if (!match) continue;
    const [, ns, lng] = match as unknown as [string, string, Locale];
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
  }
  return resources;
}

/** The stored choice first, then the browser's language, then zh-CN (spec §4). */
export function initialLocale(): Locale {
  const stored = storage.get<string>(StorageKey.language);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  if (typeof navigator !== 'undefined' && navigator.language) return resolveLocale(navigator.language);
  return DEFAULT_LOCALE;
}

export const i18n: i18nType = i18next.createInstance();
const resources = buildResources();
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? { common: {} }),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLocale(): Locale {
  return (i18n.language as Locale) ?? DEFAULT_LOCALE;
}
