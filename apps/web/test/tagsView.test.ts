import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../src/store/settings';
import {
  addCached,
  addViewTo,
  delAllFrom,
  delOthersFrom,
  delViewFrom,
  navigationAfter,
  refreshTarget,
  type TagsState,
  type TagView,
  targetAfterClose,
  useTagsViewStore,
  viewKeys,
} from '../src/store/tagsView';

const home: TagView = { path: '/home', fullPath: '/home', title: 'home', affix: true };
const users: TagView = { path: '/permission/user', fullPath: '/permission/user?x=1', title: '用户管理' };
const roles: TagView = { path: '/permission/role', fullPath: '/permission/role', title: '角色管理' };
const log: TagView = { path: '/system/log', fullPath: '/system/log', title: '系统日志', noCache: true };

function open(...views: TagView[]): TagsState {
  return views.reduce<TagsState>((s, v) => addViewTo(s, v, true), { visitedViews: [], cachedViews: [] });
}

describe('tag bookkeeping', () => {
  it('adds a view once, keyed by path, refreshing its fullPath', () => {
    let s = open(home, users);
    s = addViewTo(s, { ...users, fullPath: '/permission/user?x=2' }, true);
    expect(s.visitedViews.map((v) => v.fullPath)).toEqual(['/home', '/permission/user?x=2']);
    expect(s.cachedViews).toEqual(['/home', '/permission/user']);
  });

  it('a tab named by its page (a task by its bill number) keeps the name when visited again', () => {
    const task: TagView = {
      path: '/workFlow/flowBefore/7',
      fullPath: '/workFlow/flowBefore/7',
      title: 'route.task',
    };
    useTagsViewStore.setState(open(home, task));
    useTagsViewStore.getState().nameView(task.path, 'WF20261100012');
    useTagsViewStore.getState().addView({ ...task, fullPath: '/workFlow/flowBefore/7?from=todo' });
    const named = useTagsViewStore.getState().visitedViews.find((v) => v.path === task.path);
    expect(named?.titles).toEqual({
      'zh-CN': 'WF20261100012',
      'en-US': 'WF20261100012',
      'zh-TW': 'WF20261100012',
    });
    expect(named?.fullPath).toBe('/workFlow/flowBefore/7?from=todo');
    // A tab that is not open is not added by naming it.
    useTagsViewStore.getState().nameView('/workFlow/flowBefore/8', 'WF1');
    expect(useTagsViewStore.getState().visitedViews).toHaveLength(2);
  });

  it('does not cache a noCache view, but shows its tab', () => {
    const s = open(home, log);
    expect(s.visitedViews.map((v) => v.path)).toContain('/system/log');
    expect(s.cachedViews).not.toContain('/system/log');
  });

  it('caches nothing when the cache setting is off', () => {
    expect(addCached([], users, false)).toEqual([]);
    const s = addViewTo({ visitedViews: [], cachedViews: [] }, users, false);
    expect(s.visitedViews).toHaveLength(1);
    expect(s.cachedViews).toEqual([]);
  });

  it('closes one view and its cache; an affixed view cannot be closed', () => {
    const s = open(home, users, roles);
    const after = delViewFrom(s, '/permission/user');
    expect(after.visitedViews.map((v) => v.path)).toEqual(['/home', '/permission/role']);
    expect(after.cachedViews).toEqual(['/home', '/permission/role']);
    expect(delViewFrom(s, '/home')).toBe(s);
  });

  it('close others keeps affixed views plus the current one', () => {
    const s = delOthersFrom(open(home, users, roles, log), '/permission/role');
    expect(s.visitedViews.map((v) => v.path)).toEqual(['/home', '/permission/role']);
    expect(s.cachedViews).toEqual(['/home', '/permission/role']);
  });

  it('affixed views survive close all; logout clears everything', () => {
    const s = open(home, users, roles);
    const all = delAllFrom(s);
    expect(all.visitedViews.map((v) => v.path)).toEqual(['/home']);
    expect(all.cachedViews).toEqual(['/home']);
    expect(delAllFrom(s, { includeAffix: true })).toEqual({ visitedViews: [], cachedViews: [] });
  });

  it('closing the active tab moves to the last remaining tab, else home', () => {
    const s = open(home, users, roles);
    const after = delViewFrom(s, '/permission/role');
    expect(targetAfterClose(after.visitedViews)).toBe('/permission/user?x=1');
    expect(targetAfterClose([])).toBe('/home');
    expect(navigationAfter(after.visitedViews, '/permission/role')).toBe('/permission/user?x=1');
    expect(navigationAfter(after.visitedViews, '/home')).toBeNull();
  });

  it('refresh goes through /redirect with the full path', () => {
    expect(refreshTarget(users)).toBe('/redirect/permission/user?x=1');
    expect(viewKeys({ pathname: '/a', search: '?b=1' })).toEqual({ path: '/a', fullPath: '/a?b=1' });
  });
});

describe('useTagsViewStore', () => {
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    useSettingsStore.setState({ useCache: true });
  });

  it('follows the cache setting', () => {
    const store = useTagsViewStore.getState();
    store.addView(home);
    useSettingsStore.setState({ useCache: false });
    store.addView(users);
    expect(useTagsViewStore.getState().cachedViews).toEqual(['/home']);
    expect(useTagsViewStore.getState().visitedViews).toHaveLength(2);
  });

  it('delAllViews keeps home, includeAffix empties', () => {
    const store = useTagsViewStore.getState();
    store.addView(home);
    store.addView(roles);
    expect(store.delAllViews().map((v) => v.path)).toEqual(['/home']);
    store.addView(roles);
    expect(store.delAllViews({ includeAffix: true })).toEqual([]);
    expect(useTagsViewStore.getState().cachedViews).toEqual([]);
  });

  it('delCachedView drops the cache but keeps the tab', () => {
    const store = useTagsViewStore.getState();
    store.addView(roles);
    store.delCachedView('/permission/role');
    expect(useTagsViewStore.getState().cachedViews).toEqual([]);
    expect(useTagsViewStore.getState().visitedViews).toHaveLength(1);
  });
});
