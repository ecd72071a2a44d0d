import { describe, expect, it } from 'vitest';
import { ipPlaceKind, parseUserAgent } from '../../src/auth/ua';
import { covers, VersionedCache } from '../../src/core/cache';
import { t } from '../../src/core/i18n';
import enUS from '../../src/core/locales/messages.en-US.json';
import zhCN from '../../src/core/locales/messages.zh-CN.json';
import zhTW from '../../src/core/locales/messages.zh-TW.json';
import { hashPassword, verifyPassword } from '../../src/core/password';
import { issuesToFields } from '../../src/core/validation';
import { detectImage, imageKey } from '../../src/file/storage';
import { companyTree, type DeptRow } from '../../src/org/org-tree';

describe('server messages', () => {
  it('have identical keys in the three languages, none empty', () => {
    const keys = Object.keys(zhCN).sort();
    expect(Object.keys(enUS).sort()).toEqual(keys);
    expect(Object.keys(zhTW).sort()).toEqual(keys);
    for (const catalog of [zhCN, enUS, zhTW]) for (const v of Object.values(catalog)) expect(v).not.toBe('');
  });
  it('fill placeholders', () => {
    expect(t('en-US', 'error.server', { requestId: 'r1' })).toContain('r1');
  });
});

describe('validation messages', () => {
  it('map zod issues by message key and by code', () => {
    const fields = issuesToFields(
      [
        { keyword: 'invalid_format', instancePath: '/mobile', message: 'validation.mobile' },
        {
          keyword: 'invalid_type',
          instancePath: '/name',
          message: 'Invalid input: expected string, received undefined',
        },
        { keyword: 'too_big', instancePath: '/a/b', message: 'x', params: { origin: 'string', maximum: 5 } },
      ],
      'en-US',
    );
    expect(fields).toEqual({
      mobile: 'please enter your mobile number correctly',
      name: 'This field is required',
      'a.b': 'Must be at most 5 characters',
    });
  });
});

describe('user agent', () => {
  it('reads browser and platform', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari 17', platform: 'macOS' });
    expect(parseUserAgent(undefined)).toEqual({ browser: 'Unknown', platform: 'Unknown' });
    expect(ipPlaceKind('::ffff:192.168.1.2')).toBe('lan');
    expect(ipPlaceKind('8.8.8.8')).toBe('');
  });
});

describe('files', () => {
  it('detects images by magic bytes', () => {
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectImage(Buffer.from('GIF89a......'))).toBe('gif');
    expect(detectImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectImage(Buffer.from('<svg></svg>'))).toBeNull();
  });
  it('refuses names that leave the folder', () => {
    expect(imageKey('1', 'IM', '../x.png')).toBeNull();
    expect(imageKey('1', '..', `${'a'.repeat(32)}.png`)).toBeNull();
    expect(imageKey('../1', 'IM', `${'a'.repeat(32)}.png`)).toBeNull();
    expect(imageKey('1', 'IM', `${'a'.repeat(32)}.png`)).toBe(`1/IM/${'a'.repeat(32)}.png`);
  });
});

describe('passwords', () => {
  it('use argon2id', async () => {
    const h = await hashPassword('abc123');
    expect(h.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(h, 'abc123')).toBe(true);
    expect(await verifyPassword(h, 'abc124')).toBe(false);
    expect(await verifyPassword('garbage', 'abc124')).toBe(false);
  });
});

describe('company tree', () => {
  const d = (id: string, parent: string, type: DeptRow['dept_type']): DeptRow => ({
    id,
    parent_id: parent,
    dept_name: `n${id}`,
    dept_type: type,
    order_num: 0,
  });
  it('gives the companies of the tree containing the department', () => {
    const depts = [
      d('1', '0', 'company'),
      d('2', '1', 'company'),
      d('3', '2', 'department'),
      d('4', '1', 'department'),
    ];
    expect(companyTree(depts, '3')).toEqual([
      { id: '1', deptName: 'n1', children: [{ id: '2', deptName: 'n2', children: null }] },
    ]);
    expect(companyTree(depts, null)).toEqual([]);
  });
});

describe('versioned cache', () => {
  it('keeps serving recent entries when it fills up with live ones', async () => {
    const cache = new VersionedCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('menu:1', 'v1', load);
    for (let i = 0; i < 10_000; i++) await cache.get(`userCount:${i}`, 'v1', load);
    const loadsBefore = loads;
    // The newest entries are still cached; the oldest were let go to make room.
    await cache.get('userCount:9999', 'v1', load);
    await cache.get('userCount:5000', 'v1', load);
    expect(loads).toBe(loadsBefore);
    await cache.get('menu:1', 'v1', load);
    expect(loads).toBe(loadsBefore + 1);
    // A new version always loads again.
    await cache.get('userCount:9999', 'v2', load);
    expect(loads).toBe(loadsBefore + 2);
  });

  it('shares one load among concurrent requests, and serves an older version from a newer entry', async () => {
    const cache = new VersionedCache(60_000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    // A write committed (7 → 8): the requests that read 8 share one count…
    const [a, b, c] = await Promise.all([
      cache.get('userCount:t1', '3.8', load),
      cache.get('userCount:t1', '3.8', load),
      // …and one whose session was read just before the write takes it too (it is newer).
      cache.get('userCount:t1', '3.7', load),
    ]);
    expect([a, b, c]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
    // Newer in either counter: loaded again; an entry never serves a newer request.
    expect(await cache.get('userCount:t1', '3.9', load)).toBe(2);
    expect(await cache.get('userCount:t1', '4.9', load)).toBe(3);
    expect(await cache.get('userCount:t1', '4.8', load)).toBe(3);
    expect(loads).toBe(3);
    expect(covers('10.2', '9.2')).toBe(true);
    expect(covers('9.2', '10.2')).toBe(false);
    expect(covers('v1', 'v2')).toBe(false);
  });
});
