// The zod-free part of menu.ts (shared by the web without zod).

/** Menu types (docs/rules.md#menus). 2 is unused by the specification. */
export const MenuType = {
  directory: 0,
  page: 1,
  dynamicModel: 3,
  dynamicDictionary: 4,
  dynamicReport: 5,
  visualisation: 6,
  link: 7,
  portal: 8,
} as const;

/** A menu row as the server sends it (docs/rules.md#menus), already filtered by the user's grants. */
export interface ServerMenuItem {
  id: string;
  parentId: string;
  menuName: string;
  /** English and traditional-Chinese titles; menuName is the simplified-Chinese one. */
  menuNameEn: string;
  menuNameTw: string;
  menuPerms: string;
  menuIcon: string;
  menuType: number;
  menuUrl: string;
  orderNum: number;
  linkTarget: string;
  propertyJson: string;
  category: 'web' | 'app';
  children: ServerMenuItem[] | null;
}
