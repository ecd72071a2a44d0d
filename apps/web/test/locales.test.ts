import type { FormField } from '@srm/contracts/core';
import { FLOW_FORMS } from '@srm/contracts/forms';
import { describe, expect, it } from 'vitest';
import { DEMO_MENU } from '../../server/src/db/seed-menus';

const modules = import.meta.glob<{ default: unknown }>('../src/locales/*.json', { eager: true });
// The texts of the server's answers and of the shared validation rules, for the wording check.
const serverTw = import.meta.glob<{ default: unknown }>('../../server/src/core/locales/*.zh-TW.json', {
  eager: true,
});
const contractsTw = import.meta.glob<{ default: unknown }>(
  '../../../packages/contracts/src/locales/*.zh-TW.json',
  {
    eager: true,
  },
);
const byFile: Record<string, unknown> = {};
for (const [path, mod] of Object.entries(modules)) byFile[path.split('/').pop()!] = mod.default;
const LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const;

function keys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

const files = Object.keys(byFile);
const namespaces = [...new Set(files.map((f) => f.split('.')[0]!))];

describe('locale files', () => {
  it('exist for every namespace in the three languages', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces)
      for (const l of LOCALES) expect(files, `${ns}.${l}`).toContain(`${ns}.${l}.json`);
  });

  for (const ns of namespaces) {
    it(`${ns}: identical keys and non-empty texts in every language`, () => {
      const tables = LOCALES.map((l) => byFile[`${ns}.${l}.json`]);
      const reference = keys(tables[0]);
      for (const table of tables) {
        expect(keys(table)).toEqual(reference);
        for (const key of keys(table)) {
          const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], table);
          expect(typeof value === 'string' && value.length > 0, `${ns}:${key}`).toBe(true);
        }
      }
    });
  }

  it('uses traditional characters in zh-TW', () => {
    const tw = byFile['common.zh-TW.json'] as { requestError: string; route: { home: string } };
    expect(tw.requestError).toBe('請求出錯，請重試');
    expect(tw.route.home).toBe('首頁');
  });

  // One word per idea in traditional Chinese, the one used in Taiwan: a reader met 登錄 on one
  // screen and 登入 on the next, 保存 beside 儲存, 用戶 beside 使用者.
  it('words zh-TW the Taiwan way, the same everywhere (web, server answers, validation, flow forms)', () => {
    // 用戶端 (client) is Taiwan's word too.
    const mainland =
      /登錄|保存|菜單|導出|導入|搜索|信息|用戶(?!端)|賬|字段|默認|設置|添加|數據|郵箱|刷新|質量|創建|鏈接|聯繫|新建|當前|重置|批量|配置|文檔|門戶|模板|简体/u;
    // A word written twice in a row ("電子電子郵件") is a slip of a replacement, never meant.
    const doubled = /(\p{Script=Han}{2})\1/u;
    const texts = (obj: unknown): string[] =>
      typeof obj === 'string'
        ? [obj]
        : obj && typeof obj === 'object'
          ? Object.values(obj).flatMap(texts)
          : [];
    // The flow forms' traditional titles, labels and option labels (the contracts' registry).
    const formTw = (fields: FormField[]): unknown[] =>
      fields.flatMap((f) => [
        f.labels?.['zh-TW'],
        ...(f.options ?? []).map((o) => o.labels?.['zh-TW']),
        ...formTw(f.columns ?? []),
      ]);
    const forms = Object.values(FLOW_FORMS).map(
      (form) =>
        [`form ${form.name}`, [form.titles?.['zh-TW'], ...formTw(form.fields)].filter(Boolean)] as const,
    );
    // The menus a tenant is seeded with (their traditional names).
    type Seeded = { tw: string; children?: Seeded[] };
    const menuTw = (nodes: Seeded[]): string[] => nodes.flatMap((n) => [n.tw, ...menuTw(n.children ?? [])]);
    const seededTw = menuTw(DEMO_MENU);
    expect(seededTw.length).toBeGreaterThan(30);
    const menus = [['seed-menus.ts', seededTw] as const];
    expect(Object.keys(serverTw)).toHaveLength(1);
    expect(Object.keys(contractsTw).length).toBeGreaterThanOrEqual(2);
    const tables = [
      ...Object.entries(byFile).filter(([file]) => file.endsWith('.zh-TW.json')),
      ...[...Object.entries(serverTw), ...Object.entries(contractsTw)].map(
        ([path, mod]) => [path, mod.default] as const,
      ),
      ...forms,
      ...menus,
    ];
    const found = tables.flatMap(([file, table]) =>
      texts(table)
        .filter((t) => mainland.test(t) || doubled.test(t))
        .map((t) => `${file}: ${t}`),
    );
    expect(found).toEqual([]);
  });
});
