// The zod-free part of dictionary-schemas.ts: the item label in a language.
import type { Locale } from '../api/envelope.core';

export interface DictNames {
  fullName: string;
  fullNameEn: string;
  fullNameTw: string;
}

/** An item's name in a language: the English or Traditional name when set, else the Chinese one. */
export function dictItemName(item: DictNames, locale: Locale | string): string {
  if (locale === 'en-US') return item.fullNameEn || item.fullName;
  if (locale === 'zh-TW') return item.fullNameTw || item.fullName;
  return item.fullName;
}
