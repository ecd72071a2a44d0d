import { API, type UiSettings } from '@srm/contracts/core';
import { http } from '../api/request';
import { StorageKey, storage } from '../utils/storage';
import { currentSettings, serverSettings, useSettingsStore } from './settings';

/**
 * Saves the settings drawer's choices for the signed-in user (docs/rules.md#settings), so that
 * the next sign-in — in this browser or another — restores them. One save in flight at a time; a
 * change made meanwhile is sent when it ends, so the server keeps the last choice.
 */
let saved = '';
let inFlight: Promise<void> | null = null;

const snapshot = () => JSON.stringify(serverSettings(currentSettings(useSettingsStore.getState())));

async function drain(): Promise<void> {
  for (let next = snapshot(); next !== saved && storage.get<string>(StorageKey.token); next = snapshot()) {
    // A refused save keeps the choice in this browser; the next change tries again.
    await http.put(API.currentTheme, JSON.parse(next), { silent: true }).catch(() => undefined);
    saved = next;
  }
}

function schedule(): Promise<void> {
  inFlight ??= drain().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let applying = false;

/** Applies what the server holds for the user (at sign-in): nothing to save back. */
export function applyStoredSettings(theme: unknown, settings: UiSettings | undefined): void {
  applying = true;
  try {
    useSettingsStore.getState().applyStored(theme, settings ?? {});
  } finally {
    applying = false;
  }
  saved = snapshot();
}

/** Waits for the last change to reach the server (before signing out). */
export function flushSettings(): Promise<void> {
  return snapshot() === saved ? Promise.resolve() : schedule();
}

useSettingsStore.subscribe(() => {
  if (!applying && snapshot() !== saved && storage.get<string>(StorageKey.token)) void schedule();
});
