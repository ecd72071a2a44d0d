import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from '@srm/contracts';
import enUS from './locales/messages.en-US.json';
import zhCN from './locales/messages.zh-CN.json';
import zhTW from './locales/messages.zh-TW.json';

export type MessageKey = keyof typeof zhCN;
export type MessageParams = Record<string, string | number>;

export const catalogs: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'zh-TW': zhTW,
};

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

/**
 * The signed-in tenant's own texts for this request (`${locale}\u0000${key}` → text), entered by
 * the language feature's request hook; absent outside a signed-in request.
 */
export const messageOverrides = new AsyncLocalStorage<ReadonlyMap<string, string>>();

/** A server message in the caller's language (the tenant's override first), `{name}` placeholders filled. */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text =
    messageOverrides.getStore()?.get(`${locale}\u0000${key}`) ??
    catalogs[locale]?.[key] ??
    catalogs[DEFAULT_LOCALE][key] ??
    key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

/** A stored language ('zh-CN', 'en-US', 'zh-TW', or a browser code); null when unset. */
export function storedLocale(language: string | null | undefined): Locale | null {
  if (!language) return null;
  if ((LOCALES as readonly string[]).includes(language)) return language as Locale;
  return resolveLocale(language);
}
