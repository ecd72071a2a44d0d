import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  DEFAULT_DATE_PATTERN,
  formatDate,
  formatFileSize,
  LIMITS,
  nameInLocale,
  relativeTime,
  shortDuration,
  thousands,
  UPLOAD_IMAGE_MAX_BYTES,
} from '../src/index';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
// 2024-03-15 12:00:00 UTC, a fixed "now".
const NOW = Date.UTC(2024, 2, 15, 12, 0, 0);
const ago = (ms: number) => NOW - ms;

describe('formatDate', () => {
  const ts = Date.UTC(2024, 0, 2, 3, 4, 5); // 2024-01-02 03:04:05 UTC

  it('defaults to yyyy-MM-dd HH:mm', () => {
    expect(DEFAULT_DATE_PATTERN).toBe('yyyy-MM-dd HH:mm');
    expect(formatDate(ts, undefined, 'UTC')).toBe('2024-01-02 03:04');
  });
  it.each([
    ['yyyy-MM-dd HH:mm:ss', 'UTC', '2024-01-02 03:04:05'],
    ['yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai', '2024-01-02 11:04:05'],
    ['yyyy-MM-dd HH:mm:ss', 'America/New_York', '2024-01-01 22:04:05'],
    ['yyyy/MM/dd', 'UTC', '2024/01/02'],
    ['HH:mm', 'Asia/Shanghai', '11:04'],
    ['ss', 'UTC', '05'],
    ['yyyy年MM月dd日', 'UTC', '2024年01月02日'],
  ])('%s in %s', (pattern, zone, expected) => {
    expect(formatDate(ts, pattern, zone)).toBe(expected);
  });
  it('renders midnight as 00, not 24', () => {
    expect(formatDate(Date.UTC(2024, 0, 2, 0, 0, 0), 'HH:mm', 'UTC')).toBe('00:00');
  });
  it('accepts a Date', () => {
    expect(formatDate(new Date(ts), 'yyyy-MM-dd', 'UTC')).toBe('2024-01-02');
  });
  it('uses local time without a zone', () => {
    const local = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatDate(local, 'yyyy-MM-dd HH:mm:ss')).toBe('2024-01-02 03:04:05');
  });
  it.each([null, undefined, Number.NaN, new Date('nope')])('gives an empty string for %j', (v) => {
    expect(formatDate(v)).toBe('');
  });
  it('pads the epoch year', () => {
    expect(formatDate(0, 'yyyy-MM-dd HH:mm:ss', 'UTC')).toBe('1970-01-01 00:00:00');
  });
  it('throws on an unknown time zone', () => {
    expect(() => formatDate(ts, undefined, 'Nowhere/City')).toThrow(RangeError);
  });
});

describe('relativeTime', () => {
  it.each([
    [0, 'just now', '刚刚', '剛剛'],
    [59 * S, 'just now', '刚刚', '剛剛'],
    [60 * S, '1 minute ago', '1分钟前', '1分鐘前'],
    [119 * S, '1 minute ago', '1分钟前', '1分鐘前'],
    [2 * MIN, '2 minutes ago', '2分钟前', '2分鐘前'],
    [59 * MIN + 59 * S, '59 minutes ago', '59分钟前', '59分鐘前'],
    [H, '1 hour ago', '1小时前', '1小時前'],
    [23 * H + 59 * MIN, '23 hours ago', '23小时前', '23小時前'],
    [D, '1 day ago', '1天前', '1天前'],
    [6 * D + 23 * H, '6 days ago', '6天前', '6天前'],
    [7 * D, '1 week ago', '1周前', '1週前'],
    [13 * D, '1 week ago', '1周前', '1週前'],
    [14 * D, '2 weeks ago', '2周前', '2週前'],
    [27 * D, '3 weeks ago', '3周前', '3週前'],
    [28 * D, '1 month ago', '1个月前', '1個月前'],
    [59 * D, '1 month ago', '1个月前', '1個月前'],
    [60 * D, '2 months ago', '2个月前', '2個月前'],
    [119 * D, '3 months ago', '3个月前', '3個月前'],
  ])('%d ms ago', (diff, en, zhCN, zhTW) => {
    expect(relativeTime(ago(diff), NOW, 'en-US')).toBe(en);
    expect(relativeTime(ago(diff), NOW, 'zh-CN')).toBe(zhCN);
    expect(relativeTime(ago(diff), NOW, 'zh-TW')).toBe(zhTW);
  });
  it('gives the date from 120 days', () => {
    const ts = ago(120 * D);
    expect(relativeTime(ts, NOW, 'en-US', 'UTC')).toBe('2023-11-16 12:00');
    expect(relativeTime(ts, NOW, 'zh-CN', 'Asia/Shanghai')).toBe('2023-11-16 20:00');
  });
  it('treats a future time (clock skew) as just now', () => {
    expect(relativeTime(NOW + 5 * MIN, NOW, 'en-US')).toBe('just now');
  });
  it('defaults to zh-CN and accepts Dates', () => {
    expect(relativeTime(new Date(ago(5 * MIN)), new Date(NOW))).toBe('5分钟前');
  });
  it('gives an empty string for an invalid time', () => {
    expect(relativeTime(Number.NaN, NOW)).toBe('');
  });
});

describe('shortDuration', () => {
  it.each([
    [0, '0 minutes', '0分钟', '0分鐘'],
    [59 * S, '0 minutes', '0分钟', '0分鐘'],
    [MIN, '1 minute', '1分钟', '1分鐘'],
    [59 * MIN + 59 * S, '59 minutes', '59分钟', '59分鐘'],
    [H, '1 hour', '1小时', '1小時'],
    [23 * H + 59 * MIN, '23 hours', '23小时', '23小時'],
    [D, '1 day', '1天', '1天'],
    [45 * D, '45 days', '45天', '45天'],
    [400 * D, '400 days', '400天', '400天'],
  ])('%d ms', (diff, en, zhCN, zhTW) => {
    expect(shortDuration(ago(diff), NOW, 'en-US')).toBe(en);
    expect(shortDuration(ago(diff), NOW, 'zh-CN')).toBe(zhCN);
    expect(shortDuration(ago(diff), NOW, 'zh-TW')).toBe(zhTW);
  });
  it('counts a future time as 0 minutes', () => {
    expect(shortDuration(NOW + H, NOW, 'en-US')).toBe('0 minutes');
  });
  it('defaults to zh-CN', () => {
    expect(shortDuration(ago(3 * H), NOW)).toBe('3小时');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1000, '1000 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1280, '1.25 KB'],
    [1234, '1.21 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [1024 * 1024, '1 MB'],
    [UPLOAD_IMAGE_MAX_BYTES, '5 MB'],
    [1024 ** 3, '1 GB'],
    [2.5 * 1024 ** 3, '2.5 GB'],
    [2048 * 1024 ** 3, '2048 GB'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [Number.POSITIVE_INFINITY, '0 B'],
  ])('%d bytes -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, 1, '0'],
    [999, 1, '999'],
    [1000, 1, '1k'],
    [1234, 1, '1.2k'],
    [1250, 2, '1.25k'],
    [1500, 0, '2k'],
    [999_949, 1, '999.9k'],
    [999_950, 1, '1M'],
    [1_000_000, 1, '1M'],
    [2_500_000_000, 1, '2.5G'],
    [3e12, 1, '3T'],
    [4e15, 1, '4P'],
    [5e18, 1, '5E'],
    [5e21, 1, '5000E'],
    [-1234, 1, '-1.2k'],
    [-999, 1, '-999'],
  ])('%d with %d digits -> %s', (n, digits, text) => {
    expect(abbreviateNumber(n, digits)).toBe(text);
  });
  it('defaults to 1 digit', () => {
    expect(abbreviateNumber(12_345)).toBe('12.3k');
  });
  it('leaves non-finite numbers alone', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
  });
});

describe('thousands', () => {
  it.each([
    [1234567.89, '1,234,567.89'],
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [-1234567, '-1,234,567'],
    [0.5, '0.5'],
    [1234.5678, '1,234.5678'],
    ['1234567', '1,234,567'],
    ['abc', '0'],
    [Number.NaN, '0'],
    [1e21, '1,000,000,000,000,000,000,000'],
  ])('%j -> %s', (n, text) => {
    expect(thousands(n)).toBe(text);
  });
});

describe('LIMITS', () => {
  it('holds the constants of spec §9', () => {
    expect(UPLOAD_IMAGE_MAX_BYTES).toBe(5_242_880);
    expect(LIMITS).toMatchObject({
      UPLOAD_IMAGE_MAX_BYTES: 5_242_880,
      PAGE_SIZE: 20,
      CHAT_DRAWER_HISTORY_PAGE_SIZE: 30,
      CHAT_PANEL_HISTORY_PAGE_SIZE: 50,
      CONTACT_SCROLL_THRESHOLD_PX: 300,
      CHAT_HISTORY_SCROLL_THRESHOLD_PX: 100,
      TOAST_MS: 3000,
      SUCCESS_TOAST_MS: 1500,
      MESSAGE_DISPLAY_MS: 1500,
      LAST_LOGIN_NOTICE_MS: 2000,
      ERROR_REDIRECT_DELAY_MS: 1500,
      MOBILE_BREAKPOINT_PX: 992,
      TOP_MENU_ITEM_WIDTH_PX: 116,
      TAB_SCROLL_THRESHOLD: 7,
      DRAWER_WIDTH_PX: 280,
      SIDEBAR_WIDTH_PX: 230,
      PASSWORD_MIN_LENGTH: 6,
      PASSWORD_MAX_LENGTH: 16,
    });
  });
});

describe('nameInLocale', () => {
  it('gives the reader’s translation, and the main name where it is empty', () => {
    expect(nameInLocale('en-US', '采购申请', 'Purchase requisition', '採購申請')).toBe(
      'Purchase requisition',
    );
    expect(nameInLocale('zh-TW', '采购申请', 'Purchase requisition', '採購申請')).toBe('採購申請');
    expect(nameInLocale('zh-CN', '采购申请', 'Purchase requisition', '採購申請')).toBe('采购申请');
    expect(nameInLocale('en-US', '采购申请', '', null)).toBe('采购申请');
    expect(nameInLocale('zh-TW', '采购申请', 'Purchase requisition', undefined)).toBe('采购申请');
  });
});
