/**
 * Prefixed, typed browser storage (docs/rules.md#browser-storage): every key carries a fixed prefix and every value
 * is saved with its type suffix, so a stored "1" and a stored 1 come back as what they were.
 */
export const STORAGE_PREFIX = 'srm_';

type StoredType = 'String' | 'Number' | 'Boolean' | 'Array' | 'Object' | 'Null';

function typeOf(value: unknown): StoredType {
  if (value === null || value === undefined) return 'Null';
  if (Array.isArray(value)) return 'Array';
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    default:
      return 'Object';
  }
}

/** Encodes a value as `{type}|{payload}`. Exported for tests. */
export function encodeStored(value: unknown): string {
  const type = typeOf(value);
  const payload = type === 'String' ? String(value) : type === 'Null' ? '' : JSON.stringify(value);
  return `${type}|${payload}`;
}

/** Decodes what encodeStored wrote; anything unreadable is undefined (treated as absent). */
export function decodeStored(raw: string | null): unknown {
  if (raw === null) return undefined;
  const bar = raw.indexOf('|');
  if (bar < 0) return undefined;
  const type = raw.slice(0, bar) as StoredType;
  const payload = raw.slice(bar + 1);
  try {
    switch (type) {
      case 'String':
        return payload;
      case 'Null':
        return null;
      case 'Number': {
        const n = Number(payload);
        return Number.isNaN(n) ? undefined : n;
      }
      case 'Boolean':
        return payload === 'true';
      case 'Array':
      case 'Object':
        return JSON.parse(payload);
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export const storage = {
  get<T>(key: string, fallback?: T): T | undefined {
    const value = decodeStored(backend()?.getItem(STORAGE_PREFIX + key) ?? null);
    return value === undefined ? fallback : (value as T);
  },
  set(key: string, value: unknown): void {
    backend()?.setItem(STORAGE_PREFIX + key, encodeStored(value));
  },
  remove(key: string): void {
    backend()?.removeItem(STORAGE_PREFIX + key);
  },
  /** Removes every key of this application, leaving other origins' data alone. */
  clear(): void {
    const store = backend();
    if (!store) return;
    for (const key of Object.keys(store)) if (key.startsWith(STORAGE_PREFIX)) store.removeItem(key);
  },
};

/** Storage keys named by the specification and the settings. */
export const StorageKey = {
  token: 'token',
  subCompanyInfo: 'subCompanyInfo',
  lock: 'lock',
  size: 'size',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
  settings: 'settings',
} as const;
