// The zod-free part of dictionary-schemas.ts: the item label in a language.
import type { Locale } from '../api/envelope.core';

export interface DictNames {
  fullName: string;
  fullNameEn: string;
  fullNameTw: string;
}

/**
 * A dictionary category's, type's or item's name in a language: the English or Traditional name
 * when set, else the Chinese one.
 */
export function dictName(named: DictNames, locale: Locale | string): string {
  if (locale === 'en-US') return named.fullNameEn || named.fullName;
  if (locale === 'zh-TW') return named.fullNameTw || named.fullName;
  return named.fullName;
}

/** An item's name in a language (see dictName). */
export const dictItemName = dictName;
