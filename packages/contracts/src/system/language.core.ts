// The zod-free part of language.ts (shared by the web without zod).
import type { Locale } from '../api/envelope.core';

/**
 * Language (system menu group): every translatable text of the web app (its locale namespaces)
 * and of the server's messages (namespace `server`), with the tenant's overrides per language.
 */
export const LanguagePerm = {
  language: 'system.language',
  languageEdit: 'system.language.edit',
} as const;
export type LanguagePermCode = (typeof LanguagePerm)[keyof typeof LanguagePerm];

export const LanguageApi = {
  /** GET the server's messages in the three languages and every override of the tenant. */
  language: '/api/system/Language',
  /** PUT one override {namespace, key, locale, value}. */
  override: '/api/system/Language/Override',
  /** POST {namespace, key, locale?}: back to the shipped text (every language when locale is absent). */
  reset: '/api/system/Language/Override/Actions/Reset',
  /** GET the tenant's overrides of web texts, for every signed-in user's start-up. */
  webOverrides: '/api/common/TextOverrides',
} as const;

/** The namespace of the server's messages; every other namespace is a web locale file's. */
export const SERVER_NAMESPACE = 'server';
export const TEXT_OVERRIDE_MAX = 2000;
export const TEXT_NAMESPACE_PATTERN = /^[A-Za-z][\w-]{0,39}$/;
export const TEXT_KEY_PATTERN = /^[\w.-]{1,200}$/;

export interface TextOverride {
  namespace: string;
  key: string;
  locale: Locale;
  value: string;
  /** Epoch milliseconds. */
  updatedAt: number;
}

export interface ServerText {
  key: string;
  texts: Record<Locale, string>;
}

export interface LanguageData {
  server: ServerText[];
  overrides: TextOverride[];
}

/** Web overrides by language, namespace and key (a key may hold dots: i18next's nesting). */
export type WebTextOverrides = Partial<Record<Locale, Record<string, Record<string, string>>>>;
