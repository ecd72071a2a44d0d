import i18next, { type Resource } from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * Count labels read right in English for one and for several (i18next plurals: `key_one` and
 * `key_other`), and the Chinese files carry the same keys (one form: `_other` is the one used).
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../src/locales/*.json', {
  eager: true,
});
const resources: Record<string, Record<string, unknown>> = {};
for (const [path, mod] of Object.entries(modules)) {
  const [ns, lng] = (path.split('/').pop() ?? '').replace(/\.json$/, '').split('.') as [string, string];
  resources[lng] = { ...resources[lng], [ns]: mod.default };
}

async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: resources as Resource,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('count labels', () => {
  it('say one unread message, and several', async () => {
    const t = await translator('en-US');
    expect(t('a11y:unreadMessages', { count: 1 })).toBe('1 unread message');
    expect(t('a11y:unreadMessages', { count: 2 })).toBe('2 unread messages');
    expect(t('message:noticeRemaining', { count: 1 })).toBe('1 unread announcement');
    expect(t('message:deleted', { count: 1 })).toBe('1 message deleted');
    expect(t('message:deleted', { count: 3 })).toBe('3 messages deleted');
    expect(t('task:total', { count: 1 })).toBe('1 task');
    expect(t('task:runTotal', { count: 5 })).toBe('5 runs');
    expect(t('user:total', { count: 1 })).toBe('1 record');
    expect(t('user:total', { count: 48 })).toBe('48 records');
    expect(t('user:importResult', { count: 1, imported: 1, failed: 0 })).toBe('1 row: 1 imported, 0 failed');
    expect(t('user:importResult', { count: 3, imported: 2, failed: 1 })).toBe('3 rows: 2 imported, 1 failed');
    expect(t('online:total', { count: 1 })).toBe('1 session online');
    expect(t('menu:total', { count: 1 })).toBe('1 menu');
    expect(t('workflow:list.total', { count: 2 })).toBe('2 flows');
    expect(t('vendor:targets', { count: 1 })).toBe('1 supplier');
    expect(t('vendor:reminded', { count: 3 })).toBe('Reminded 3 suppliers');
    expect(t('dictionary:import.summary', { count: 1, name: '币种', code: 'currency' })).toBe(
      '币种 (currency), 1 item',
    );
  });

  it('read the same for any count in Chinese', async () => {
    const cn = await translator('zh-CN');
    expect(cn('a11y:unreadMessages', { count: 1 })).toBe('1 条未读消息');
    expect(cn('a11y:unreadMessages', { count: 7 })).toBe('7 条未读消息');
    expect(cn('user:total', { count: 1 })).toBe('共 1 条');
    const tw = await translator('zh-TW');
    expect(tw('a11y:unreadMessages', { count: 1 })).toBe('1 則未讀訊息');
  });

  it('come as pairs: every `_one` key has its `_other` in each file', () => {
    const keys = (obj: unknown, prefix = ''): string[] =>
      obj && typeof obj === 'object'
        ? Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    for (const [lng, namespaces] of Object.entries(resources))
      for (const [ns, table] of Object.entries(namespaces)) {
        const all = keys(table);
        for (const key of all.filter((k) => k.endsWith('_one')))
          expect(all, `${ns}.${lng} ${key}`).toContain(key.replace(/_one$/, '_other'));
      }
  });
});
