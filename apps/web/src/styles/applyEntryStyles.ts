/** Marks the entry's stylesheet preloads that the build writes into index.html (vite.config.ts). */
export const ENTRY_STYLE_ATTRIBUTE = 'data-entry-style';

/**
 * Applies the entry's stylesheets, which index.html only preloads so that the splash paints without
 * waiting for them, and resolves once they are in force (or failed): the first render waits for
 * it, so no screen ever shows without them. In development Vite injects the styles itself: no
 * preload, nothing to do.
 */
export function applyEntryStyles(): Promise<unknown> {
  const preloads = document.querySelectorAll<HTMLLinkElement>(
    `link[rel="preload"][${ENTRY_STYLE_ATTRIBUTE}]`,
  );
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          // The same request mode as the preload, so the browser uses what it already fetched.
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          sheet.onload = () => resolve();
          sheet.onerror = () => resolve();
          preload.after(sheet);
        }),
    ),
  );
}
