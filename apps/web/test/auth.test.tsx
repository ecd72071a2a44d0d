import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Auth, filterColumns, ModelIdContext, useAuth } from '../src/components/Auth';
import { usePermissionStore } from '../src/store/permission';

function setup() {
  usePermissionStore.getState().reset();
  usePermissionStore.getState().setPermsList(['system.log', 'system.log.export']);
  usePermissionStore.getState().setNav(
    {
      menuList: [
        {
          id: '5',
          parentId: '0',
          menuName: '系统日志',
          menuNameEn: 'Log',
          menuNameTw: '系統日誌',
          menuPerms: 'system.log',
          menuIcon: '',
          menuType: 1,
          menuUrl: '/system/log',
          orderNum: 1,
          linkTarget: '_self',
          propertyJson: '',
          category: 'web',
          children: null,
        },
      ],
      permissionList: [
        {
          modelId: '5',
          button: [{ enCode: 'system.log.export', fullName: '导出' }],
          column: [{ enCode: 'system.log.ipAddress', fullName: 'IP' }],
        },
      ],
    },
    { token: 't', dataVBase: '' },
  );
}

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;

describe('Auth (spec §6)', () => {
  beforeEach(setup);
  afterEach(cleanup);

  it('renders children only for a granted code; missing or empty codes are removed', () => {
    render(
      <MemoryRouter>
        <Auth code="system.log.export">
          <button type="button">export</button>
        </Auth>
        <Auth code="system.log.delete">
          <button type="button">delete</button>
        </Auth>
        <Auth code="">
          <button type="button">empty</button>
        </Auth>
        <Auth code={undefined}>
          <button type="button">missing</button>
        </Auth>
        <Auth code="nope" fallback={<span>denied</span>}>
          <button type="button">x</button>
        </Auth>
      </MemoryRouter>,
    );
    expect(screen.queryByText('export')).not.toBeNull();
    expect(screen.queryByText('delete')).toBeNull();
    expect(screen.queryByText('empty')).toBeNull();
    expect(screen.queryByText('missing')).toBeNull();
    expect(screen.queryByText('denied')).not.toBeNull();
  });

  it('checks buttons and columns against the current route modelId', () => {
    const { result } = renderHook(() => useAuth(), { wrapper: at('/system/log') });
    expect(result.current.modelId).toBe('5');
    expect(result.current.has('system.log')).toBe(true);
    expect(result.current.has('')).toBe(false);
    expect(result.current.has(null)).toBe(false);
    expect(result.current.hasButton('system.log.export')).toBe(true);
    expect(result.current.hasButton('system.log.delete')).toBe(false);
    expect(result.current.hasButton('')).toBe(false);
    expect(result.current.hasColumn('system.log.ipAddress')).toBe(true);
    expect(result.current.hasColumn(undefined)).toBe(false);
  });

  it('denies buttons and columns on a route without an entry, and follows the ModelIdContext', () => {
    const { result } = renderHook(() => useAuth(), { wrapper: at('/home') });
    expect(result.current.hasButton('system.log.export')).toBe(false);
    expect(result.current.hasColumn('system.log.ipAddress')).toBe(false);
    const withContext = renderHook(() => useAuth(), {
      wrapper: ({ children }) => (
        <MemoryRouter initialEntries={['/home']}>
          <ModelIdContext.Provider value="5">{children}</ModelIdContext.Provider>
        </MemoryRouter>
      ),
    });
    expect(withContext.result.current.hasColumn('system.log.ipAddress')).toBe(true);
  });

  it('updates when permissions change and filters table columns', () => {
    const { result } = renderHook(() => useAuth(), { wrapper: at('/system/log') });
    const columns = [{ key: 'account' }, { key: 'ip', auth: 'system.log.ipAddress' }, { key: 'x', auth: '' }];
    expect(filterColumns(columns, result.current.hasColumn).map((c) => c.key)).toEqual(['account', 'ip']);
    act(() => {
      usePermissionStore.setState({
        routePermissions: { '5': { modelId: '5', button: [], column: [] } },
        permsList: [],
      });
    });
    expect(result.current.has('system.log')).toBe(false);
    expect(filterColumns(columns, result.current.hasColumn).map((c) => c.key)).toEqual(['account']);
    expect(usePermissionStore.getState().hasPerm('')).toBe(false);
  });
});
