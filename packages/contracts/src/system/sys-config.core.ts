// The zod-free part of the system configuration: codes, paths, the groups with their defaults,
// the parser both sides read stored values with. The password rule's checks and texts are in
// password-rule.core.ts (they carry the validation texts, which the sign-in page does without).
import { type Locale, nameInLocale } from '../api/envelope.core';

export const SysConfigPerm = {
  sysConfig: 'system.sysConfig',
  sysConfigEdit: 'system.sysConfig.edit',
} as const;
export type SysConfigPermCode = (typeof SysConfigPerm)[keyof typeof SysConfigPerm];

export const SysConfigApi = {
  /** GET every group (page permission); PUT `${config}/{group}` saves one group (edit button). */
  config: '/api/system/SysConfig',
  /** GET, public: what the sign-in page shows (product name, logo, texts). */
  loginConfig: '/api/oauth/LoginConfig',
} as const;

export const PASSWORD_CLASSES = ['letter', 'lower', 'upper', 'digit', 'symbol'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

export interface PasswordRule {
  passwordMinLength: number;
  passwordMaxLength: number;
  /** Character classes a password must contain (letter = either case). */
  passwordClasses: PasswordClass[];
  /** Days after a change when the password must be changed at sign-in; 0 never. */
  passwordExpiryDays: number;
  /** A new password may not repeat the current one nor the last N before it; 0 allows any. */
  passwordHistory: number;
}

export interface SysConfigValues {
  brand: {
    sysName: string;
    /** The system name in English and traditional Chinese; empty shows `sysName`. */
    sysNameEn: string;
    sysNameTw: string;
    logoUrl: string;
    loginTitle: string;
    loginSubtitle: string;
    copyright: string;
  };
  security: { lockoutAttempts: number; lockoutMinutes: number; tokenTimeout: number; singleLogin: boolean };
  password: PasswordRule;
  upload: { uploadMaxMb: number };
  preview: { previewUrl: string };
  about: { sysVersion: string; helpUrl: string };
  /**
   * The three-way match's tolerances in percent (decisions §13): how far an invoice line's
   * quantity may exceed what was received and not yet invoiced, and its unit price differ from the order's.
   */
  procurement: { matchQuantityPercent: number; matchPricePercent: number };
}
export type SysConfigGroup = keyof SysConfigValues;
export const SYS_CONFIG_GROUPS = [
  'brand',
  'security',
  'password',
  'upload',
  'preview',
  'about',
  'procurement',
] as const;

/** Hard bounds of the numeric settings (the schemas and the parser agree on them). */
export const SYS_CONFIG_BOUNDS = {
  lockoutAttempts: [1, 100],
  lockoutMinutes: [1, 1440],
  tokenTimeout: [5, 43_200],
  passwordMinLength: [1, 100],
  passwordMaxLength: [1, 100],
  passwordExpiryDays: [0, 3650],
  passwordHistory: [0, 24],
  uploadMaxMb: [1, 100],
  matchQuantityPercent: [0, 100],
  matchPricePercent: [0, 100],
} as const satisfies Record<string, readonly [number, number]>;

/** The numeric settings that take decimal places (the rest are whole numbers). */
export const SYS_CONFIG_PLACES: Partial<Record<keyof typeof SYS_CONFIG_BOUNDS, number>> = {
  matchQuantityPercent: 2,
  matchPricePercent: 2,
};

export const SYS_CONFIG_DEFAULTS: SysConfigValues = {
  brand: {
    sysName: '',
    sysNameEn: '',
    sysNameTw: '',
    logoUrl: '',
    loginTitle: '',
    loginSubtitle: '',
    copyright: '',
  },
  security: { lockoutAttempts: 5, lockoutMinutes: 10, tokenTimeout: 720, singleLogin: false },
  // The rule of old: 6-16 characters with a letter and a digit.
  password: {
    passwordMinLength: 6,
    passwordMaxLength: 16,
    passwordClasses: ['letter', 'digit'],
    passwordExpiryDays: 0,
    passwordHistory: 0,
  },
  upload: { uploadMaxMb: 5 },
  preview: { previewUrl: '' },
  about: { sysVersion: '', helpUrl: '' },
  procurement: { matchQuantityPercent: 0, matchPricePercent: 1 },
};

/**
 * Groups every signed-in user reads (get-sys-config: the about dialog, the password hints, the
 * upload limit, the preview address); the rest (the security group) only with the page permission.
 */
export const PUBLIC_CONFIG_GROUPS: readonly SysConfigGroup[] = [
  'brand',
  'password',
  'upload',
  'preview',
  'about',
];
/** What the sign-in page reads before anyone signed in. */
export type LoginConfig = SysConfigValues['brand'];

/** The system name in the reader's language (its main name where that one is empty). */
export function sysNameIn(
  brand: Pick<SysConfigValues['brand'], 'sysName' | 'sysNameEn' | 'sysNameTw'>,
  locale: Locale,
): string {
  return nameInLocale(locale, brand.sysName, brand.sysNameEn, brand.sysNameTw);
}

/** The stored keys of a group, in order. */
export function configKeys(group: SysConfigGroup): string[] {
  return Object.keys(SYS_CONFIG_DEFAULTS[group]);
}

/** A group's values as stored rows (param_key → param_value text). */
export function configToRows<G extends SysConfigGroup>(values: SysConfigValues[G]): [string, string][] {
  return Object.entries(values).map(([key, value]) => [
    key,
    Array.isArray(value) ? value.join(',') : String(value),
  ]);
}

/** Whether `n` has at most the key's decimal places (none for most). */
export function configNumberFits(key: keyof typeof SYS_CONFIG_BOUNDS, n: number): boolean {
  const scale = 10 ** (SYS_CONFIG_PLACES[key] ?? 0);
  const [min, max] = SYS_CONFIG_BOUNDS[key];
  return Number.isFinite(n) && Math.abs(Math.round(n * scale) - n * scale) < 1e-6 && n >= min && n <= max;
}

function parseNumber(
  text: string | undefined,
  key: keyof typeof SYS_CONFIG_BOUNDS,
  fallback: number,
): number {
  const n = Number(text);
  return text !== undefined && text !== '' && configNumberFits(key, n) ? n : fallback;
}

/**
 * Typed values from stored rows; a missing or unreadable value takes its default, so an old or
 * hand-edited row never stops a sign-in.
 */
export function parseSysConfig(rows: ReadonlyMap<string, string>): SysConfigValues {
  const out = structuredClone(SYS_CONFIG_DEFAULTS);
  for (const group of SYS_CONFIG_GROUPS) {
    const target = out[group] as unknown as Record<string, unknown>;
    for (const [key, fallback] of Object.entries(SYS_CONFIG_DEFAULTS[group])) {
      const text = rows.get(key);
      if (typeof fallback === 'number')
        target[key] = parseNumber(text, key as keyof typeof SYS_CONFIG_BOUNDS, fallback);
      else if (typeof fallback === 'boolean')
        target[key] = text === undefined ? fallback : text === 'true' || text === '1';
      else if (Array.isArray(fallback)) {
        if (text !== undefined)
          target[key] = PASSWORD_CLASSES.filter((c) =>
            text
              .split(',')
              .map((s) => s.trim())
              .includes(c),
          );
      } else if (text !== undefined) target[key] = text;
    }
  }
  if (out.password.passwordMaxLength < out.password.passwordMinLength)
    out.password.passwordMaxLength = out.password.passwordMinLength;
  return out;
}

/** Typed values from the get-sys-config list (the web's start-up cache). */
export function parseConfigItems(
  items: readonly { paramKey: string; paramValue: string }[],
): SysConfigValues {
  return parseSysConfig(new Map(items.map((i) => [i.paramKey, i.paramValue])));
}
