import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18nReady, loadShellNamespaces } from '../src/i18n';
import { TAGS_SCROLL_THRESHOLD, TagsView } from '../src/layout/TagsView';
import { type TagView, useTagsViewStore } from '../src/store/tagsView';

const home: TagView = { path: '/home', fullPath: '/home', title: 'home', affix: true };
const view = (n: number): TagView => ({ path: `/p${n}`, fullPath: `/p${n}`, title: `Page ${n}` });

function setup(views: TagView[], at: string) {
  useTagsViewStore.setState({ visitedViews: views, cachedViews: views.map((v) => v.path) });
  const router = createMemoryRouter([{ path: '*', element: <TagsView /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('TagsView', () => {
  // The locale files are fetched on demand, as in the browser.
  beforeAll(async () => {
    await i18nReady;
    await loadShellNamespaces();
  });
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
  });
  afterEach(cleanup);

  it('shows scroll buttons only above 7 tabs', () => {
    expect(TAGS_SCROLL_THRESHOLD).toBe(7);
    setup([home, ...[1, 2, 3, 4, 5, 6].map(view)], '/p1');
    expect(screen.queryByTestId('tags-prev')).toBeNull();
    cleanup();
    setup([home, ...[1, 2, 3, 4, 5, 6, 7].map(view)], '/p1');
    expect(screen.getByTestId('tags-prev')).toBeTruthy();
    expect(screen.getByTestId('tags-next')).toBeTruthy();
  });

  it('home has no close button and shows only its icon', () => {
    setup([home, view(1)], '/home');
    const tab = screen.getByTestId('tag-/home');
    expect(tab.textContent).toBe('');
    expect(screen.queryByTestId('tag-close-/home')).toBeNull();
    expect(screen.getByTestId('tag-close-/p1')).toBeTruthy();
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  it('closing the active tab goes to the last remaining one; middle click closes', async () => {
    const router = setup([home, view(1), view(2)], '/p2');
    await act(async () => {
      fireEvent.click(screen.getByTestId('tag-close-/p2'));
    });
    expect(router.state.location.pathname).toBe('/p1');
    await act(async () => {
      fireEvent(screen.getByTestId('tag-/p1'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    });
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home']);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('clicking a tab navigates to its full path', async () => {
    const router = setup([home, { ...view(1), fullPath: '/p1?x=1' }], '/home');
    await act(async () => {
      fireEvent.click(screen.getByTestId('tag-/p1'));
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/p1?x=1');
  });
});
