/**
 * Navigation usable outside React (stores, request layer). The router registers its navigate
 * function at creation; before that (and in tests) a full page load is used.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function appNavigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/** The current in-app address (path + query), used as a login redirect target. */
export function currentFullPath(): string {
  return window.location.pathname + window.location.search;
}
