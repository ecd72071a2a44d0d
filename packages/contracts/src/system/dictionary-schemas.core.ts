// The zod-free part of dictionary-schemas.ts: the item label in a language.
import { type Locale, nameInLocale } from '../api/envelope.core';

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
  return nameInLocale(locale as Locale, named.fullName, named.fullNameEn, named.fullNameTw);
}
