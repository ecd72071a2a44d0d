// The zod-free part of authorize-schemas.ts (shared by the web without zod).

/** Who grants are given to (docs/rules.md#permissions). */
export const GRANT_OBJECT_TYPES = ['role', 'position', 'user'] as const;

/** The five tabs of the authorize screen, one per grant item type; `app` items are menus of category app. */
export const GRANT_ITEM_TYPES = ['menu', 'button', 'column', 'data', 'app'] as const;
export type GrantItemType = (typeof GRANT_ITEM_TYPES)[number];

/**
 * A node of a grant tree. `key` is `${itemType}:${id}` so a page shown as the parent of its buttons
 * never collides with a button of the same id; only nodes whose itemType is the tab's type are grants.
 */
export interface GrantNode {
  key: string;
  id: string;
  itemType: 'menu' | 'button' | 'column' | 'data';
  title: string;
  enCode: string;
  /** Menu type for menus (docs/rules.md#menus), null for the rest. */
  menuType: number | null;
  children: GrantNode[] | null;
}
