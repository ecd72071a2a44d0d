import { i18n } from '../i18n';
import { FIRST_FIELD } from './firstField';

/**
 * Accessibility fixes for antd internals that its props do not reach, applied wherever antd
 * renders them (pages, drawers, dialogs), so no page has to remember them:
 * - a table's scroll container that has nothing focusable inside gets into the Tab order (a
 *   keyboard user can scroll a wide table), with a name;
 * - the hidden rows antd uses to measure column widths (aria-hidden) get `inert`, so nothing in
 *   them can take focus.
 */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

function fixTables(root: ParentNode) {
  for (const region of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    const scrolls = region.scrollWidth > region.clientWidth || region.scrollHeight > region.clientHeight;
    if (scrolls && !region.hasAttribute('tabindex') && !region.querySelector(FOCUSABLE)) {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', i18n.t('a11y:tableRegion'));
    }
  }
  for (const hidden of root.querySelectorAll<HTMLElement>('.ant-table [aria-hidden="true"]:not([inert])')) {
    if (hidden.querySelector(FOCUSABLE) || hidden.matches(FOCUSABLE)) hidden.inert = true;
  }
}

let installed = false;

/** Starts watching the document (once); later renders are fixed in the next animation frame. */
export function installDomFixes(doc: Document = document) {
  if (installed || typeof MutationObserver === 'undefined') return;
  installed = true;
  let queued = false;
  const run = () => {
    queued = false;
    fixTables(doc.body);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  installFocusReturn(doc);
  installDialogFieldFocus(doc);
  window.addEventListener('resize', () => requestAnimationFrame(run));
  run();
}

let toastRegion: HTMLElement | null = null;

/**
 * The container antd's toasts render into: a polite live region that stays in the document, so
 * screen readers announce every toast (antd's own container has no live region).
 */
export function toastContainer(): HTMLElement {
  if (toastRegion?.isConnected) return toastRegion;
  toastRegion = document.createElement('div');
  toastRegion.id = 'srm-toasts';
  toastRegion.setAttribute('role', 'status');
  toastRegion.setAttribute('aria-live', 'polite');
  document.body.appendChild(toastRegion);
  return toastRegion;
}

/**
 * Runs `action` once the key that triggered it is released. A dialog opened on keydown would
 * otherwise receive the same key press (Enter lands on its focused button and closes it).
 */
export function afterKeyRelease(event: Event | undefined, action: () => void) {
  if (!(event instanceof KeyboardEvent) || event.type !== 'keydown') {
    action();
    return;
  }
  const onUp = (up: KeyboardEvent) => {
    if (up.key !== event.key) return;
    window.removeEventListener('keyup', onUp, true);
    // After the keyup's own handlers (a menu closing on it) have run.
    setTimeout(action, 0);
  };
  window.addEventListener('keyup', onUp, true);
}

/**
 * A dialog that opens with a form starts on its first field (or the one it focuses itself), never
 * on its close button. antd's focus lock moves focus into a dialog that does not hold it yet, to
 * the first thing it can focus: the close button. A field's own autoFocus wins while the opening
 * motion runs, but without motion (the system's reduced motion: App.tsx) the lock comes first.
 * Focus arriving on the close button from outside the dialog is that lock, not the user.
 */
function installDialogFieldFocus(doc: Document) {
  doc.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement | null;
    if (!target?.matches?.('.ant-modal-close')) return;
    const modal = target.closest<HTMLElement>('.ant-modal');
    const from = e.relatedTarget as Node | null;
    if (!modal || (from && modal.contains(from))) return;
    const field = modal.querySelector<HTMLElement>(`.ant-modal-body :is(${FIRST_FIELD})`);
    if (field) field.focus();
  });
}

const OVERLAY = '.ant-drawer, .ant-modal-wrap, .ant-dropdown, .ant-popover';

/**
 * Focus goes back to what opened a drawer or a menu when it closes (Escape, its close button):
 * antd leaves it on <body>, and a keyboard user would start again from the top of the page.
 * The opener is the last element focused outside any overlay.
 */
export function installFocusReturn(doc: Document = document) {
  let opener: HTMLElement | null = null;
  doc.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement | null;
    if (target && target !== doc.body && !target.closest(OVERLAY)) opener = target;
  });
  const restoreSoon = () => {
    // After antd's closing motion, when focus has fallen to <body>. The motion takes longer on a
    // busy machine, so look again for a while.
    for (const delay of [50, 150, 300, 500, 800, 1200, 1800, 2500]) {
      setTimeout(() => {
        const active = doc.activeElement as HTMLElement | null;
        const lost =
          !active || active === doc.body || (!!active.closest(OVERLAY) && !active.checkVisibility?.());
        if (lost && opener?.isConnected) opener.focus();
      }, delay);
    }
  };
  // Capture: menus stop Escape from bubbling.
  doc.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape') restoreSoon();
    },
    true,
  );
  doc.addEventListener('click', (e) => {
    if ((e.target as HTMLElement | null)?.closest?.(OVERLAY)) restoreSoon();
  });
}
