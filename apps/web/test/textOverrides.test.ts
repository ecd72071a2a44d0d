import { describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n';
import { applyTextOverrides } from '../src/i18n/overrides';
import { filterTexts, flatten, mergeTexts } from '../src/views/system/language/texts';

describe('the tenant’s text overrides over the shipped locale files', () => {
  it('replace loaded texts, reach namespaces loaded later, ignore unknown keys and go back when removed', async () => {
    await i18nReady;
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(['common']);
    const en = i18n.getFixedT('en-US');
    expect(en('common:search')).toBe('Search');

    let rendered = 0;
    const onChange = () => rendered++;
    i18n.on('languageChanged', onChange);
    applyTextOverrides({
      'en-US': { common: { search: 'Look up', 'no.such.key': 'x' }, area: { 'field.code': 'Division code' } },
    });
    expect(en('common:search')).toBe('Look up');
    // Screens already shown are told to render again.
    expect(rendered).toBe(1);
    expect(i18n.getResource('en-US', 'common', 'no.such.key')).toBeUndefined();
    // A namespace that arrives later (a screen opened) gets its override as it loads.
    await i18n.loadNamespaces(['area']);
    expect(en('area:field.code')).toBe('Division code');
    // Other languages keep their texts.
    await i18n.loadLanguages('zh-CN');
    expect(i18n.getFixedT('zh-CN')('common:search')).toBe('查询');

    applyTextOverrides({ 'en-US': { area: { 'field.code': 'Division code' } } });
    expect(en('common:search')).toBe('Search');
    expect(en('area:field.code')).toBe('Division code');
    applyTextOverrides({});
    expect(en('area:field.code')).toBe('Area code');
    i18n.off('languageChanged', onChange);
  });
});

describe('the language screen’s rows', () => {
  const web = [
    {
      id: 'common:a.b',
      namespace: 'common',
      key: 'a.b',
      shipped: { 'zh-CN': '甲', 'en-US': 'Alpha', 'zh-TW': '甲' },
    },
    {
      id: 'area:c',
      namespace: 'area',
      key: 'c',
      shipped: { 'zh-CN': '丙', 'en-US': 'Gamma', 'zh-TW': '丙' },
    },
  ];
  const server = [
    { key: 'error.forbidden', texts: { 'zh-CN': '暂无权限', 'en-US': 'No permission', 'zh-TW': '暫無權限' } },
  ];
  const rows = mergeTexts(web, server, [
    { namespace: 'area', key: 'c', locale: 'en-US', value: 'Gee', updatedAt: 0 },
  ]);

  it('flattens nested locale tables to dotted keys', () => {
    expect(flatten({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
  });

  it('lists web and server texts with their overrides, filtered by keyword, namespace and overridden', () => {
    expect(rows.map((r) => r.id)).toEqual(['common:a.b', 'area:c', 'server:error.forbidden']);
    const all = { keyword: '', namespace: '', overriddenOnly: false };
    expect(filterTexts(rows, { ...all, overriddenOnly: true }).map((r) => r.id)).toEqual(['area:c']);
    expect(filterTexts(rows, { ...all, namespace: 'server' }).map((r) => r.key)).toEqual(['error.forbidden']);
    expect(filterTexts(rows, { ...all, keyword: 'GEE' }).map((r) => r.id)).toEqual(['area:c']);
    expect(filterTexts(rows, { ...all, keyword: '暂无' }).map((r) => r.id)).toEqual([
      'server:error.forbidden',
    ]);
    expect(filterTexts(rows, { ...all, keyword: 'a.b' }).map((r) => r.id)).toEqual(['common:a.b']);
  });
});
