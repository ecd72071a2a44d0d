import { describe, expect, it } from 'vitest';
import { guard, PUBLIC_PATHS, safeRedirect } from '../src/router/guard';

const base = { query: {}, hasToken: false, locked: false, routesLoaded: false };

describe('route guard (spec §2.2)', () => {
  it('lets every public path through without a token', () => {
    for (const path of ['/login', '/auth-logout', '/auth-redirect', '/jump', '/base/vendor/register']) {
      expect(PUBLIC_PATHS).toContain(path);
      expect(guard({ ...base, path })).toEqual({ action: 'next' });
    }
  });

  it('sends /home without a token to /login, without redirect', () => {
    expect(guard({ ...base, path: '/home' })).toEqual({ action: 'redirect', to: '/login' });
    expect(guard({ ...base, path: '/' })).toEqual({ action: 'redirect', to: '/login' });
  });

  it('sends any other path without a token to /login?redirect={path with query}', () => {
    expect(guard({ ...base, path: '/system/log' })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fsystem%2Flog',
    });
    expect(guard({ ...base, path: '/profile', query: new URLSearchParams('a=1&b=2') })).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/profile?a=1&b=2')}`,
    });
    expect(guard({ ...base, path: '/lockScreen' }).action).toBe('redirect');
  });

  it('stores a /home?token= token, with or without a prior token, and drops it from the address', () => {
    expect(guard({ ...base, path: '/home', query: new URLSearchParams('token=abc') })).toEqual({
      action: 'token',
      token: 'abc',
      to: '/home',
    });
    expect(
      guard({
        ...base,
        hasToken: true,
        routesLoaded: true,
        path: '/home',
        query: { token: 'xyz', tab: '2' },
      }),
    ).toEqual({ action: 'token', token: 'xyz', to: '/home?tab=2' });
    // Only /home accepts the token parameter.
    expect(guard({ ...base, path: '/profile', query: { token: 'abc' } }).action).toBe('redirect');
  });

  it('sends a locked session everywhere except /lockScreen and /login to /lockScreen', () => {
    const locked = { ...base, hasToken: true, locked: true, routesLoaded: true };
    for (const path of ['/home', '/profile', '/system/log', '/404', '/jump']) {
      expect(guard({ ...locked, path })).toEqual({ action: 'redirect', to: '/lockScreen' });
    }
    expect(guard({ ...locked, path: '/lockScreen' })).toEqual({ action: 'next' });
    expect(guard({ ...locked, path: '/login' })).toEqual({ action: 'redirect', to: '/' });
  });

  it('sends a signed-in user away from /login to / (or to a safe redirect)', () => {
    const signed = { ...base, hasToken: true, routesLoaded: true };
    expect(guard({ ...signed, path: '/login' })).toEqual({ action: 'redirect', to: '/' });
    expect(guard({ ...signed, path: '/login', query: { redirect: '/system/log' } })).toEqual({
      action: 'redirect',
      to: '/system/log',
    });
    expect(guard({ ...signed, path: '/login', query: { redirect: '//evil.com' } })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('redirects from /login only to a page the signed-in user may open, after their menu loaded', () => {
    const signed = { ...base, hasToken: true, mayOpen: (p: string) => p.startsWith('/system/log') };
    const login = { path: '/login', query: { redirect: '/permission/authorize' } };
    expect(guard({ ...signed, ...login })).toEqual({ action: 'load' });
    expect(guard({ ...signed, ...login, routesLoaded: true })).toEqual({ action: 'redirect', to: '/' });
    expect(
      guard({ ...signed, routesLoaded: true, path: '/login', query: { redirect: '/system/log?tab=2' } }),
    ).toEqual({ action: 'redirect', to: '/system/log?tab=2' });
  });

  it('asks for the start-up load when signed in without routes, then lets through', () => {
    const signed = { ...base, hasToken: true };
    expect(guard({ ...signed, path: '/system/log' })).toEqual({ action: 'load' });
    expect(guard({ ...signed, path: '/lockScreen' })).toEqual({ action: 'load' });
    expect(guard({ ...signed, path: '/jump' })).toEqual({ action: 'next' });
    expect(guard({ ...signed, routesLoaded: true, path: '/system/log' })).toEqual({ action: 'next' });
  });

  it('accepts only in-app redirect targets', () => {
    expect(safeRedirect('/a?b=1')).toBe('/a?b=1');
    expect(safeRedirect('https://evil.com')).toBeUndefined();
    expect(safeRedirect('//evil.com')).toBeUndefined();
    expect(safeRedirect('/\\evil.com')).toBeUndefined();
    expect(safeRedirect('/login?redirect=/x')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});
