import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../store/settings';
import { deviceFor } from './menuUtils';

/**
 * Device from the window width (mobile under 992 px), re-checked on resize but not while the page
 * is hidden (docs/rules.md#shell). On mobile the sidebar is closed, and closes again on every route change.
 */
export function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const device = useAppStore((s) => s.device);
  const { pathname } = useLocation();

  useEffect(() => {
    const update = () => {
      if (document.hidden) return;
      const next = deviceFor(window.innerWidth);
      if (next !== useAppStore.getState().device) {
        setDevice(next);
        if (next === 'mobile') closeSidebar(true);
      }
    };
    const first = deviceFor(window.innerWidth);
    setDevice(first);
    if (first === 'mobile') closeSidebar(true);
    window.addEventListener('resize', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('resize', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, [setDevice, closeSidebar]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change
  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) closeSidebar(false);
  }, [pathname]);
}
