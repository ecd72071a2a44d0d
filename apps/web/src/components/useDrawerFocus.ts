import { type RefObject, useEffect, useRef } from 'react';
import { FIRST_FIELD } from './listPage';

/**
 * The keyboard follows a drawer (Enter on a row's link opens it): into its body at once, onto the
 * form's first field once the form is there (`ready`, and `toField`), unless the user has already
 * moved on inside its body. `body` goes on the body (a `tabIndex={-1}` element), `afterOpenChange`
 * on the Drawer: a form ready at once is focused again when the opening motion ends, since the
 * drawer takes the focus onto itself then.
 */
export function useDrawerFocus(
  ready: boolean,
  toField = true,
): { body: RefObject<HTMLDivElement | null>; afterOpenChange: (open: boolean) => void } {
  const body = useRef<HTMLDivElement>(null);
  const follow = useRef(() => {});
  follow.current = () => {
    const root = body.current;
    if (!root) return;
    const drawer = root.closest<HTMLElement>('.ant-drawer-content') ?? root;
    const active = document.activeElement;
    if (!ready || !toField) {
      if (!drawer.contains(active)) root.focus({ preventScroll: true });
      return;
    }
    // Moved on inside the body (not the drawer's own frame, which it focuses when it opens).
    if (root.contains(active) && active !== root) return;
    (root.querySelector<HTMLElement>(FIRST_FIELD) ?? root).focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the form becomes ready
  useEffect(() => {
    const frame = requestAnimationFrame(() => follow.current());
    return () => cancelAnimationFrame(frame);
  }, [ready, toField]);
  return { body, afterOpenChange: (open) => open && follow.current() };
}
