import { create } from 'zustand';

/**
 * Counts shown beside menu pages (the to-do page's open items), by the page's path. A domain that
 * counts something for a page sets it; the menus draw it.
 */
interface MenuBadgeState {
  badges: Record<string, number>;
  setBadge(path: string, count: number): void;
}

export const useMenuBadges = create<MenuBadgeState>((set) => ({
  badges: {},
  setBadge: (path, count) =>
    set((s) => (s.badges[path] === count ? s : { badges: { ...s.badges, [path]: Math.max(0, count) } })),
}));
