import { describe, expect, it } from 'vitest';
import enUS from '../src/locales/layout.en-US.json';
import zhCN from '../src/locales/layout.zh-CN.json';
import zhTW from '../src/locales/layout.zh-TW.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

describe('layout locale namespace', () => {
  it('has the same keys in the three languages', () => {
    expect(keys(enUS)).toEqual(keys(zhCN));
    expect(keys(zhTW)).toEqual(keys(zhCN));
  });

  it('has no empty texts and real traditional characters', () => {
    for (const locale of [zhCN, enUS, zhTW]) {
      for (const key of keys(locale)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], locale);
        expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      }
    }
    expect(zhTW.settings.title).toBe('系統設定');
    expect(zhTW.user.logoutConfirm).not.toBe(zhCN.user.logoutConfirm);
    expect(zhCN.user.logoutConfirm).toBe('您确定要退出应用程序吗?');
    expect(zhCN.company.switched).toBe('组织切换成功');
    expect(zhCN.more).toBe('更多');
  });
});
