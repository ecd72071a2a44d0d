import { useUserStore } from '../store/user';
import { guard } from './guard';

/**
 * A signed-in reload asks for the start-up data (the user info, then the menu and dictionaries)
 * as soon as the entry runs, not when the guard first renders: that waits for the shell's scripts
 * (about fifty on a cold cache), and the requests would then queue behind them on the browser's six
 * connections. Only where the guard would load them anyway; its own call later gets the same
 * promise (`loadStartup` is shared while it runs).
 */
export function startStartupEarly(): void {
  const { token, locked } = useUserStore.getState();
  const { pathname, search } = window.location;
  const decision = guard({
    path: pathname,
    query: new URLSearchParams(search),
    hasToken: !!token,
    locked,
    routesLoaded: false,
  });
  if (decision.action === 'load') void useUserStore.getState().loadStartup();
}
