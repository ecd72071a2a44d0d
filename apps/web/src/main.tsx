// First, before the router's module starts the shell's downloads: a signed-in reload's start-up requests.
import './router/startEarly';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, initialLocale } from './i18n';
import { loadAntdLocale } from './i18n/antdLocale';
import './styles/global.css';
import { App } from './App';
import { installClientErrorReporter } from './api/request';
import { applyEntryStyles } from './styles/applyEntryStyles';

// Uncaught errors are recorded on the server with the page address, in production only (docs/rules.md#errors).
if (import.meta.env.PROD) installClientErrorReporter();

// The first screen renders once its texts (active language, start namespaces, antd's) are loaded
// and the entry's stylesheet, which index.html only preloads (the splash does not wait for it), applies.
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (a slow phone stays responsive while it renders).
void Promise.allSettled([i18nReady, loadAntdLocale(initialLocale()), applyEntryStyles()]).finally(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
