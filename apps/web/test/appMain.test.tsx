import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Navigate, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppMain, useTrackViews } from '../src/layout/AppMain';
import { useSettingsStore } from '../src/store/settings';
import { useTagsViewStore } from '../src/store/tagsView';

function Page({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <input aria-label={`input-${name}`} defaultValue="" />
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {`count-${name}-${count}`}
      </button>
    </div>
  );
}

function Shell() {
  useTrackViews();
  return <AppMain />;
}

function Redirect() {
  const params = useParams();
  return <Navigate to={`/${params['*'] ?? ''}`} replace />;
}

/** Renders the shell on /a and waits for its page (the shell's texts load first, asynchronously). */
async function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          {
            path: 'home',
            element: <Page name="home" />,
            handle: { meta: { title: 'H', zhTitle: '首页', affix: true } },
          },
          { path: 'a', element: <Page name="a" />, handle: { meta: { title: 'A', zhTitle: 'A' } } },
          { path: 'b', element: <Page name="b" />, handle: { meta: { title: 'B', zhTitle: 'B' } } },
          {
            path: 'c',
            element: <Page name="c" />,
            handle: { meta: { title: 'C', zhTitle: 'C', noCache: true } },
          },
          { path: 'redirect/*', element: <Redirect /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByLabelText('input-a');
  const go = (to: string) => act(() => router.navigate(to));
  return { router, go };
}

const input = (name: string) => screen.getByLabelText(`input-${name}`) as HTMLInputElement;

describe('AppMain page cache', () => {
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    useSettingsStore.setState({ useCache: true });
  });
  afterEach(cleanup);

  it('keeps a typed form and state when visiting another tab and coming back', async () => {
    const { go } = await setup();
    fireEvent.change(input('a'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByText('count-a-0'));
    await go('/b');
    expect(input('b')).toBeTruthy();
    await go('/a');
    expect(input('a').value).toBe('typed');
    expect(screen.getByText('count-a-1')).toBeTruthy();
    expect(useTagsViewStore.getState().cachedViews).toEqual(['/a', '/b']);
  });

  it('does not keep a noCache page', async () => {
    const { go } = await setup();
    await go('/c');
    fireEvent.change(input('c'), { target: { value: 'lost' } });
    await go('/a');
    expect(screen.queryByLabelText('input-c')).toBeNull();
    await go('/c');
    expect(input('c').value).toBe('');
  });

  it('keeps nothing when the cache setting is off', async () => {
    useSettingsStore.setState({ useCache: false });
    const { go } = await setup();
    fireEvent.change(input('a'), { target: { value: 'typed' } });
    await go('/b');
    await go('/a');
    expect(input('a').value).toBe('');
    expect(useTagsViewStore.getState().cachedViews).toEqual([]);
  });

  it('remounts a page on refresh and drops a closed one', async () => {
    const { go } = await setup();
    fireEvent.change(input('a'), { target: { value: 'typed' } });
    act(() => useTagsViewStore.getState().delCachedView('/a'));
    await go('/redirect/a');
    expect(input('a').value).toBe('');
    await go('/b');
    fireEvent.change(input('b'), { target: { value: 'b-typed' } });
    await go('/a');
    act(() => {
      useTagsViewStore.getState().delView('/b');
    });
    expect(screen.queryByLabelText('input-b')).toBeNull();
  });

  it('redirects the shell root to home and adds the pinned home tab', async () => {
    const { router, go } = await setup();
    await go('/');
    expect(router.state.location.pathname).toBe('/home');
    const home = useTagsViewStore.getState().visitedViews.find((v) => v.path === '/home');
    expect(home?.affix).toBe(true);
  });
});
