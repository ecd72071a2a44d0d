import { type RefObject, useCallback, useEffect } from 'react';

interface Pages {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage(): unknown;
}

/**
 * Loads the next page when the scrolled box comes within `px` of its end (docs/rules.md#chat), on scroll and
 * after each page arrives — so a first page that does not fill the box still brings the next one.
 * Answers the box's onScroll handler.
 */
export function useLoadMoreNearEnd(ref: RefObject<HTMLElement | null>, pages: Pages, px: number) {
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  const check = useCallback(() => {
    const el = ref.current;
    // A hidden box (the other tab shown) has no height: it is not near its end.
    if (!el || el.clientHeight === 0 || !hasNextPage || isFetching) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < px) void fetchNextPage();
  }, [ref, hasNextPage, isFetching, fetchNextPage, px]);
  useEffect(check, [check]);
  return check;
}
