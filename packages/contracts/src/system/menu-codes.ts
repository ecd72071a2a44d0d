/**
 * Menus (system menu group): permission codes and API paths of the menu screen. The page's code is
 * its menu enCode; its buttons are `system.menu.add|edit|delete`. Buttons, columns and data rules
 * of a page count as an edit of that page.
 */
export const MenuPerm = {
  menu: 'system.menu',
  menuAdd: 'system.menu.add',
  menuEdit: 'system.menu.edit',
  menuDelete: 'system.menu.delete',
} as const;
export type MenuPermCode = (typeof MenuPerm)[keyof typeof MenuPerm];

export const MenuApi = {
  /**
   * GET tree (?keyword, ?category); POST create; GET/PUT/DELETE `${menu}/{id}`;
   * PUT `${menu}/{id}/Actions/State` {enabled}; PUT `${menu}/{id}/Actions/Sort` {orderNum}.
   */
  menu: '/api/system/Menu',
  /** Buttons of a page: GET ?menuId=; POST create; PUT/DELETE `/{id}`. */
  button: '/api/system/ModuleButton',
  /** Columns of a page: GET ?menuId=; POST create; PUT/DELETE `/{id}`. */
  column: '/api/system/ModuleColumn',
  /** Data rules of a page: GET ?menuId=; POST create; PUT/DELETE `/{id}`. */
  dataRule: '/api/system/ModuleDataAuthorize',
} as const;
