import { describe, expect, it } from 'vitest';
import {
  deviceFor,
  flattenPages,
  MOBILE_BREAKPOINT,
  menuChain,
  searchPages,
  TOP_MENU_ITEM_WIDTH,
  visibleMenuCount,
  visibleMenus,
} from '../src/layout/menuUtils';
import type { AppMenuItem } from '../src/router/types';

function item(
  id: string,
  path: string,
  zh: string,
  en: string,
  children: AppMenuItem[] | null = null,
): AppMenuItem {
  return {
    id,
    parentId: '-1',
    fullName: zh,
    titles: { 'zh-CN': zh, 'en-US': en, 'zh-TW': zh },
    enCode: id,
    icon: '',
    type: children ? 0 : 1,
    hasChildren: !!children,
    linkTarget: '_self',
    propertyJson: '',
    sortCode: 0,
    vueName: id,
    urlAddress: path,
    path,
    external: path.startsWith('http'),
    hidden: false,
    children,
  };
}

describe('visibleMenuCount (top menu, 116 px per item)', () => {
  it('shows every item when they all fit', () => {
    expect(TOP_MENU_ITEM_WIDTH).toBe(116);
    expect(visibleMenuCount(116 * 5, 5)).toBe(5);
    expect(visibleMenuCount(1000, 3)).toBe(3);
  });

  it('gives one slot to "more" when they do not', () => {
    // floor(700 / 116) = 6 slots: 5 items + more.
    expect(visibleMenuCount(700, 10)).toBe(5);
    expect(visibleMenuCount(116 * 4 - 1, 10)).toBe(2);
    expect(visibleMenuCount(115, 3)).toBe(0);
  });

  it('handles no width or no items', () => {
    expect(visibleMenuCount(0, 4)).toBe(0);
    expect(visibleMenuCount(500, 0)).toBe(0);
    expect(visibleMenuCount(Number.NaN, 4)).toBe(0);
  });
});

describe('deviceFor (992 px breakpoint)', () => {
  it('is mobile under 992 px, desktop from 992 px', () => {
    expect(MOBILE_BREAKPOINT).toBe(992);
    expect(deviceFor(991)).toBe('mobile');
    expect(deviceFor(992)).toBe('desktop');
    expect(deviceFor(375)).toBe('mobile');
    expect(deviceFor(1440)).toBe('desktop');
  });
});

describe('menu helpers', () => {
  const log = item('log', '/system/log', '系统日志', 'System Log');
  const help = item('help', 'https://example.com/help', '外部帮助', 'Help');
  const hidden = { ...item('x', '/system/x', '隐藏', 'Hidden'), hidden: true };
  const tree = [item('system', '/system', '系统管理', 'System', [log, help, hidden])];

  it('drops hidden items, flattens pages and finds the chain', () => {
    const visible = visibleMenus(tree);
    expect(flattenPages(visible).map((p) => p.id)).toEqual(['log', 'help']);
    expect(menuChain(visible, '/system/log').map((i) => i.id)).toEqual(['system', 'log']);
    expect(menuChain(visible, '/nowhere')).toEqual([]);
  });

  it('searches titles in the current language', () => {
    expect(searchPages(tree, 'log', 'en-US').map((p) => p.id)).toEqual(['log']);
    expect(searchPages(tree, '日志', 'zh-CN').map((p) => p.id)).toEqual(['log']);
    expect(searchPages(tree, 'log', 'zh-CN')).toEqual([]);
    expect(searchPages(tree, '  ', 'zh-CN')).toEqual([]);
  });
});
