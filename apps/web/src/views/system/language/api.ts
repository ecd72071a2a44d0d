import { LanguageApi, type LanguageData, type Locale } from '@srm/contracts/core';
import { http } from '../../../api/request';

export const languageKeys = {
  all: ['language'] as const,
  server: ['language', 'server'] as const,
  web: ['language', 'web'] as const,
};

interface TextRef {
  namespace: string;
  key: string;
}

export const languageApi = {
  /** Every server message with the tenant's overrides of server and web texts. */
  all: () => http.get<LanguageData>(LanguageApi.language),
  /** Back to the shipped text (one language, or every language when none is named). */
  reset: (ref: TextRef & { locale?: Locale }) => http.post(LanguageApi.reset, ref),
  override: (ref: TextRef & { locale: Locale; value: string }) => http.put(LanguageApi.override, ref),
};
