import { useUserStore } from '../store/user';
import { guard } from './guard';

/**
 * Imported first by main.tsx, so that this runs before the router's module starts the shell's
 * downloads: a signed-in reload asks for the start-up data at once, not when the guard first
 * renders. That waits for the shell's scripts (about fifty on a cold cache), and the requests would
 * then queue behind them on the browser's six connections. Only where the guard would load them
 * anyway; its own call later gets the same promise (`loadStartup` is shared while it runs).
 */
const { token, locked } = useUserStore.getState();
const decision = guard({
  path: window.location.pathname,
  query: new URLSearchParams(window.location.search),
  hasToken: !!token,
  locked,
  routesLoaded: false,
});
if (decision.action === 'load') void useUserStore.getState().loadStartup();
