/**
 * The top progress bar of navigations and lazy pages (`#nprogress`, drawn as nprogress drew it, no
 * spinner). The stylesheet animates it: starting and finishing only add or remove an element and
 * a class, where nprogress read the page's layout (offsetWidth) on every step and every 200 ms
 * trickle, each a full layout of the page while the first screen is still being built.
 */
let current: HTMLElement | null = null;
let removeTimer: ReturnType<typeof setTimeout> | undefined;

/** How long the finished bar takes to fill and fade (styles/progress.css). */
const DONE_MS = 400;

export const progress = {
  /** Shows the bar (a no-op while it shows). */
  start(): void {
    if (typeof document === 'undefined') return;
    if (current && !current.classList.contains('srm-progress-done')) return;
    clearTimeout(removeTimer);
    current?.remove();
    const root = document.createElement('div');
    root.id = 'nprogress';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.setAttribute('aria-hidden', 'true');
    const peg = document.createElement('div');
    peg.className = 'peg';
    bar.appendChild(peg);
    root.appendChild(bar);
    document.body.appendChild(root);
    current = root;
  },
  /** Fills the bar and fades it out (a no-op when it does not show). */
  done(): void {
    const root = current;
    if (!root || root.classList.contains('srm-progress-done')) return;
    root.classList.add('srm-progress-done');
    removeTimer = setTimeout(() => {
      root.remove();
      if (current === root) current = null;
    }, DONE_MS);
  },
};
