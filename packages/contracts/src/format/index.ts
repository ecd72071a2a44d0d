/**
 * Display helpers (docs/rules.md#constants). All pure: the clock (`now`), the locale and the time zone are parameters,
 * so server, web and tests get the same answer for the same input.
 */
import { DEFAULT_LOCALE, type Locale } from '../api/envelope.core';

export * from './constants';

export const DEFAULT_DATE_PATTERN = 'yyyy-MM-dd HH:mm';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Epoch milliseconds (the wire format, docs/rules.md#api) or a Date. */
export type DateInput = number | Date;

const toMs = (input: DateInput): number => (input instanceof Date ? input.getTime() : input);

// ---------------------------------------------------------------------------------------------------
// Dates

type DateToken = 'yyyy' | 'MM' | 'dd' | 'HH' | 'mm' | 'ss';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

// Intl formatters are costly to build; one per time zone is enough.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      // h23, not hour12: false, which some engines render as 24 at midnight.
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function dateParts(ms: number, timeZone?: string): Record<DateToken, string> {
  if (timeZone === undefined) {
    const d = new Date(ms);
    return {
      yyyy: pad(d.getFullYear(), 4),
      MM: pad(d.getMonth() + 1),
      dd: pad(d.getDate()),
      HH: pad(d.getHours()),
      mm: pad(d.getMinutes()),
      ss: pad(d.getSeconds()),
    };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(ms)) parts[part.type] = Number(part.value);
  return {
    yyyy: pad(parts.year ?? 0, 4),
    MM: pad(parts.month ?? 0),
    dd: pad(parts.day ?? 0),
    HH: pad(parts.hour ?? 0),
    mm: pad(parts.minute ?? 0),
    ss: pad(parts.second ?? 0),
  };
}

/**
 * Formats a time with the tokens yyyy MM dd HH mm ss (other characters are kept as they are).
 * Without `timeZone` the runtime's local zone is used; pass an IANA zone (e.g. 'Asia/Shanghai') for a
 * fixed answer. Null, undefined or an invalid time give '' so an absent time renders as nothing.
 * An unknown time zone throws RangeError (a programming error, not a data error).
 */
export function formatDate(
  input: DateInput | null | undefined,
  pattern: string = DEFAULT_DATE_PATTERN,
  timeZone?: string,
): string {
  if (input === null || input === undefined) return '';
  const ms = toMs(input);
  if (!Number.isFinite(ms)) return '';
  const parts = dateParts(ms, timeZone);
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => parts[token as DateToken]);
}

// ---------------------------------------------------------------------------------------------------
// Relative times

type TimeUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';

const UNIT_TEXTS: Record<Exclude<Locale, 'en-US'>, Record<TimeUnit, string>> = {
  'zh-CN': { minute: '分钟', hour: '小时', day: '天', week: '周', month: '个月' },
  'zh-TW': { minute: '分鐘', hour: '小時', day: '天', week: '週', month: '個月' },
};

const JUST_NOW: Record<Locale, string> = { 'zh-CN': '刚刚', 'en-US': 'just now', 'zh-TW': '剛剛' };

/** "5 minutes" / "5分钟"; with `ago` "5 minutes ago" / "5分钟前". English takes the singular for 1. */
function unitText(count: number, unit: TimeUnit, locale: Locale, ago: boolean): string {
  if (locale === 'en-US') return `${count} ${unit}${count === 1 ? '' : 's'}${ago ? ' ago' : ''}`;
  const texts = UNIT_TEXTS[locale] ?? UNIT_TEXTS['zh-CN'];
  return `${count}${texts[unit]}${ago ? '前' : ''}`;
}

/**
 * How long ago `ts` was, seen at `now`:
 * - under 60 s (or in the future, e.g. clock skew): just now;
 * - under 1 h: minutes; under 1 day: hours; 1-6 days: days;
 * - 7-27 days: weeks (1-3);
 * - 28-119 days: months of 30 days (1-3; 28 and 29 days count as 1 month rather than "4 weeks");
 * - from 120 days: the date, yyyy-MM-dd HH:mm in `timeZone` (default local).
 * Counts are rounded down.
 */
export function relativeTime(
  ts: DateInput,
  now: DateInput,
  locale: Locale = DEFAULT_LOCALE,
  timeZone?: string,
): string {
  const ms = toMs(ts);
  if (!Number.isFinite(ms)) return '';
  const diff = toMs(now) - ms;
  if (diff < MINUTE_MS) return JUST_NOW[locale] ?? JUST_NOW[DEFAULT_LOCALE];
  if (diff < HOUR_MS) return unitText(Math.floor(diff / MINUTE_MS), 'minute', locale, true);
  if (diff < DAY_MS) return unitText(Math.floor(diff / HOUR_MS), 'hour', locale, true);
  const days = Math.floor(diff / DAY_MS);
  if (days < 7) return unitText(days, 'day', locale, true);
  if (days < 28) return unitText(Math.floor(days / 7), 'week', locale, true);
  if (days < 120) return unitText(Math.max(1, Math.floor(days / 30)), 'month', locale, true);
  return formatDate(ms, DEFAULT_DATE_PATTERN, timeZone);
}

/**
 * Elapsed time from `ts` to `now` as one coarse unit, without "ago": minutes under 1 hour, hours under
 * 1 day, otherwise days ("5 minutes", "3小时", "2天"). Rounded down; a future `ts` counts as 0 minutes.
 */
export function shortDuration(ts: DateInput, now: DateInput, locale: Locale = DEFAULT_LOCALE): string {
  const ms = toMs(ts);
  if (!Number.isFinite(ms)) return '';
  const diff = Math.max(0, toMs(now) - ms);
  if (diff < HOUR_MS) return unitText(Math.floor(diff / MINUTE_MS), 'minute', locale, false);
  if (diff < DAY_MS) return unitText(Math.floor(diff / HOUR_MS), 'hour', locale, false);
  return unitText(Math.floor(diff / DAY_MS), 'day', locale, false);
}

// ---------------------------------------------------------------------------------------------------
// Numbers

const FILE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * File size in 1024 steps up to GB, at most 2 decimals with trailing zeros dropped:
 * 0 -> '0 B', 1023 -> '1023 B', 1536 -> '1.5 KB'. GB is the last unit (2048 GB stays GB).
 * Negative or non-finite input gives '0 B': a size cannot be less than nothing.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < FILE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  let rounded = Number(value.toFixed(2));
  // 1048575 B is 1023.999 KB, which would print as '1024 KB': move it up a unit.
  if (rounded >= 1024 && unit < FILE_UNITS.length - 1) {
    rounded = Number((rounded / 1024).toFixed(2));
    unit++;
  }
  return `${rounded} ${FILE_UNITS[unit]}`;
}

const SI_SYMBOLS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * Short number with k, M, G, T, P, E (1000 steps) and at most `digits` decimals, trailing zeros
 * dropped: 1234 -> '1.2k', 1000 -> '1k', 999 -> '999'. Negative numbers keep their sign.
 */
export function abbreviateNumber(n: number, digits = 1): string {
  if (!Number.isFinite(n)) return String(n);
  const places = Math.min(20, Math.max(0, Math.trunc(digits)));
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (let i = 0; i < SI_SYMBOLS.length; i++) {
    const { value, symbol } = SI_SYMBOLS[i]!;
    if (abs < value) continue;
    const rounded = Number((abs / value).toFixed(places));
    const bigger = SI_SYMBOLS[i - 1];
    // 999950 with 1 digit rounds to 1000.0k: say 1M instead.
    if (rounded >= 1000 && bigger)
      return `${sign}${Number((abs / bigger.value).toFixed(places))}${bigger.symbol}`;
    return `${sign}${rounded}${symbol}`;
  }
  return String(n);
}

/**
 * Thousands separators on the integer part, decimals kept as they are: 1234567.89 -> '1,234,567.89'.
 * Accepts numeric strings; anything not a finite number gives '0' (as the original filter did).
 */
export function thousands(n: number | string): string {
  const num = typeof n === 'number' ? n : Number(n);
  if (!Number.isFinite(num)) return '0';
  const text = String(num);
  // Exponent form (|n| >= 1e21 or tiny fractions): let Intl spell the digits out.
  if (text.includes('e')) return num.toLocaleString('en-US', { maximumFractionDigits: 20 });
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
