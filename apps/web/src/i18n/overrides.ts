import type { WebTextOverrides } from '@srm/contracts/core';
import { fetchTextOverrides } from './fetchTextOverrides';
import { i18n } from './index';

/**
 * The tenant's own wording of web texts (the language screen), laid over the shipped locale files:
 * loaded once at start-up after sign-in, and again at once for the administrator who changes one.
 * A namespace loaded later (a screen opened, a language switch) gets its overrides as it arrives.
 * The sign-in page stays on the shipped texts: no tenant is known there, and it stays light.
 */
let current: WebTextOverrides = {};
/** Shipped texts replaced so far, by `lng\u0000ns\u0000key`, to put back when an override goes. */
const shipped = new Map<string, string>();
let listening = false;

const idOf = (lng: string, ns: string, key: string) => `${lng}\u0000${ns}\u0000${key}`;

/** Lays the overrides of one loaded namespace over it; true when a text changed. */
function applyTo(lng: string, ns: string): boolean {
  const table = current[lng as keyof WebTextOverrides]?.[ns];
  if (!table) return false;
  let changed = false;
  for (const [key, value] of Object.entries(table)) {
    const id = idOf(lng, ns, key);
    const now = i18n.getResource(lng, ns, key) as unknown;
    // Only texts the web has: an override of a key it no longer ships is ignored.
    if (typeof now !== 'string') continue;
    if (!shipped.has(id)) shipped.set(id, now);
    if (now !== value) {
      i18n.addResource(lng, ns, key, value, { silent: true });
      changed = true;
    }
  }
  return changed;
}

export function applyTextOverrides(next: WebTextOverrides): void {
  let changed = false;
  // Texts no longer overridden go back to the shipped ones.
  for (const [id, text] of shipped) {
    const [lng = '', ns = '', key = ''] = id.split('\u0000');
    if (next[lng as keyof WebTextOverrides]?.[ns]?.[key] !== undefined) continue;
    i18n.addResource(lng, ns, key, text, { silent: true });
    shipped.delete(id);
    changed = true;
  }
  current = next;
  for (const [lng, namespaces] of Object.entries(next)) {
    for (const ns of Object.keys(namespaces ?? {})) {
      if (i18n.hasResourceBundle(lng, ns) && applyTo(lng, ns)) changed = true;
    }
  }
  if (!listening) {
    listening = true;
    i18n.store.on('added', (lng: string, ns: string) => {
      applyTo(lng, ns);
    });
  }
  // Screens already shown render again with the new texts.
  if (changed) i18n.emit('languageChanged', i18n.language);
}

/** The tenant's overrides read again (the language screen), or the shipped texts when they cannot be read. */
export async function loadTextOverrides(): Promise<void> {
  const overrides = await fetchTextOverrides();
  if (overrides) applyTextOverrides(overrides);
}
