import type { ServerMenuItem } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import { flattenMenu, isExternalLink, mapMenu, menuToRoutes } from '../src/router/menu';

const ctx = { token: 'tok en', dataVBase: 'https://datav.example.com' };

function item(
  partial: Partial<ServerMenuItem> & Pick<ServerMenuItem, 'id' | 'menuType' | 'menuPerms'>,
): ServerMenuItem {
  return {
    parentId: '0',
    menuName: `名称${partial.id}`,
    menuNameEn: `Name ${partial.id}`,
    menuNameTw: `名稱${partial.id}`,
    menuIcon: 'AppstoreOutlined',
    menuUrl: '',
    orderNum: 1,
    linkTarget: '_self',
    propertyJson: '',
    category: 'web',
    children: null,
    ...partial,
  };
}

describe('mapMenu (spec §2.3)', () => {
  const tree = mapMenu(
    [
      item({
        id: '1',
        menuType: 0,
        menuPerms: 'system',
        orderNum: 2,
        children: [
          item({
            id: '12',
            menuType: 1,
            menuPerms: 'system.log',
            menuUrl: '/system/log?tab=1&x=2',
            orderNum: 2,
          }),
          item({
            id: '11',
            menuType: 1,
            menuPerms: 'system.ext',
            menuUrl: 'https://ext.example.com/a?b=1',
            orderNum: 1,
          }),
          item({
            id: '13',
            menuType: 3,
            menuPerms: 'onlineDev.model',
            menuUrl: 'model/list',
            propertyJson: '{"moduleId":"m1","isTree":1}',
            orderNum: 3,
          }),
          item({
            id: '14',
            menuType: 4,
            menuPerms: 'dict.page',
            propertyJson: '{"moduleId":"m2","isTree":0}',
            orderNum: 4,
          }),
          item({
            id: '15',
            menuType: 5,
            menuPerms: 'report.page',
            propertyJson: '{"moduleId":7}',
            orderNum: 5,
          }),
          item({ id: '18', menuType: 8, menuPerms: 'portal.page', propertyJson: 'not json', orderNum: 8 }),
          item({
            id: '16',
            menuType: 6,
            menuPerms: 'screen.view',
            propertyJson: '{"moduleId":"v9"}',
            orderNum: 6,
          }),
          item({
            id: '17',
            menuType: 7,
            menuPerms: 'system.apiDocs',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the server's placeholder syntax
            menuUrl: '/api/docs?t=${token}',
            linkTarget: '_self',
            orderNum: 7,
          }),
          item({
            id: '19',
            menuType: 7,
            menuPerms: 'system.help',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the server's placeholder syntax
            menuUrl: 'https://help.example.com/?token=${token}&v=${dataV}',
            linkTarget: '_blank',
            orderNum: 9,
          }),
        ],
      }),
      item({ id: '2', menuType: 0, menuPerms: 'aaa', orderNum: 1, children: [] }),
    ],
    ctx,
  );
  const system = tree[1]!;
  const byId = (id: string) => system.children!.find((c) => c.id === id)!;

  it('orders siblings by orderNum and marks roots with parentId -1', () => {
    expect(tree.map((m) => m.id)).toEqual(['2', '1']);
    expect(system.parentId).toBe('-1');
    expect(system.children!.map((c) => c.id)).toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(byId('12').parentId).toBe('1');
  });

  it('type 0: path / + enCode, children or null', () => {
    expect(system.path).toBe('/system');
    expect(system.hasChildren).toBe(true);
    expect(tree[0]!.children).toBeNull();
    expect(tree[0]!.hasChildren).toBe(false);
  });

  it('type 1: url address with the query string dropped; absolute urls are external', () => {
    expect(byId('12').path).toBe('/system/log');
    expect(byId('12').external).toBe(false);
    expect(byId('11').path).toBe('https://ext.example.com/a');
    expect(byId('11').external).toBe(true);
  });

  it('types 3, 4, 5, 8 carry relationId and isTree from propertyJson', () => {
    expect(byId('13')).toMatchObject({ relationId: 'm1', isTree: true, path: '/model/list' });
    expect(byId('14')).toMatchObject({ relationId: 'm2', isTree: false, path: '/dict.page' });
    expect(byId('15')).toMatchObject({ relationId: '7', isTree: false });
    expect(byId('18')).toMatchObject({ relationId: '', isTree: false, path: '/portal.page' });
  });

  it('type 6: visualisation base + /view/ + module id, the token asked for on opening', () => {
    expect(byId('16').path).toBe('https://datav.example.com/view/v9');
    expect(byId('16').external).toBe(true);
    // Without a base of its own, the product's own viewer.
    const [own] = mapMenu(
      [item({ id: '16', menuType: 6, menuPerms: 'screen', propertyJson: '{"moduleId":"v9"}' })],
      {
        ...ctx,
        dataVBase: '',
      },
    );
    expect(own?.path).toBe('/dataV/view/v9');
  });

  it('type 7: _self opens in the app on / + enCode; otherwise the url with placeholders replaced', () => {
    expect(byId('17')).toMatchObject({
      path: '/system.apiDocs',
      external: false,
      iframeSrc: '/api/docs?t=tok%20en',
    });
    expect(byId('19')).toMatchObject({
      path: 'https://help.example.com/?token=tok%20en&v=https://datav.example.com',
      external: true,
    });
  });

  it('keeps names, titles, icon and route name (dots → hyphens)', () => {
    expect(byId('12')).toMatchObject({
      fullName: '名称12',
      enCode: 'system.log',
      vueName: 'system-log',
      icon: 'AppstoreOutlined',
      titles: { 'zh-CN': '名称12', 'en-US': 'Name 12', 'zh-TW': '名稱12' },
      urlAddress: '/system/log?tab=1&x=2',
      sortCode: 2,
      hidden: false,
    });
  });

  it('menuToRoutes: pages, in-app links and dynamic pages become routes; directories and external links do not', () => {
    const routes = menuToRoutes(tree);
    expect(routes.map((r) => [r.path, r.kind])).toEqual([
      ['/system/log', 'page'],
      ['/model/list', 'dynamic'],
      ['/dict.page', 'dynamic'],
      ['/report.page', 'dynamic'],
      ['/system.apiDocs', 'iframe'],
      ['/portal.page', 'dynamic'],
    ]);
    const log = routes[0]!;
    expect(log).toMatchObject({ name: 'system-log', menuId: '12', urlAddress: '/system/log' });
    expect(log.meta).toMatchObject({
      title: '名称12',
      zhTitle: '名称12',
      modelId: '12',
      icon: 'AppstoreOutlined',
    });
    expect(routes[4]!.iframeSrc).toBe('/api/docs?t=tok%20en');
    // A dynamic page knows its kind, its code (its buttons' prefix) and its module.
    expect(routes[2]).toMatchObject({ type: 4, enCode: 'dict.page', relationId: 'm2', menuId: '14' });
  });

  it('flattenMenu lists leaves only', () => {
    expect(flattenMenu(tree).map((m) => m.id)).toEqual([
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
    ]);
  });

  it('recognises external links', () => {
    expect(isExternalLink('https://a.b')).toBe(true);
    expect(isExternalLink('http://a.b')).toBe(true);
    expect(isExternalLink('mailto:a@b.c')).toBe(true);
    expect(isExternalLink('tel:123')).toBe(true);
    expect(isExternalLink('/system/log')).toBe(false);
  });
});
