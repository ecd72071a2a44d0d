import { type RefObject, useEffect, useRef } from 'react';
import { FIRST_FIELD } from './listPage';

/**
 * The keyboard follows a drawer (Enter on a row's link opens it): into its body at once, onto the
 * form's first field once the form is there (`ready`, and `toField`), unless the user has already
 * moved on inside the drawer. Returns the ref for the body (a `tabIndex={-1}` element).
 */
export function useDrawerFocus(ready: boolean, toField = true): RefObject<HTMLDivElement | null> {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const root = body.current;
      if (!root) return;
      const drawer = root.closest<HTMLElement>('.ant-drawer-content') ?? root;
      const active = document.activeElement;
      if (!ready || !toField) {
        if (!drawer.contains(active)) root.focus({ preventScroll: true });
        return;
      }
      if (drawer.contains(active) && active !== root) return;
      (root.querySelector<HTMLElement>(FIRST_FIELD) ?? root).focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, toField]);
  return body;
}
