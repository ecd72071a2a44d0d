import { API, type Locale } from '@srm/contracts/core';
import { http } from '../api/request';
import { StorageKey, storage } from '../utils/storage';
import { useAppStore } from './settings';

/**
 * Keeps the signed-in user's language on the server (docs/rules.md#language), so that
 * what reaches him later — workflow messages, supplier notices, pushes — is written in the language
 * he works in, not in the default. The interface itself follows the browser's choice at once.
 */
let saved: Locale | null = null;

async function save(language: Locale): Promise<void> {
  if (language === saved || !storage.get<string>(StorageKey.token)) return;
  saved = language;
  // A refused save is tried again on the next change or sign-in.
  await http.put(API.currentLanguage, { language }, { silent: true }).catch(() => {
    saved = null;
  });
}

/** After the user info has arrived: the server learns the language in use when it holds another. */
export function syncLanguage(stored: string): void {
  const language = useAppStore.getState().language;
  saved = stored === language ? language : null;
  void save(language);
}

useAppStore.subscribe((state, previous) => {
  if (state.language !== previous.language) void save(state.language);
});
