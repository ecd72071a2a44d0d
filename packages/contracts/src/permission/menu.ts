import { z } from 'zod';

/** Menu types of spec §2.3. 2 is unused by the specification. */
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

/** A menu row as the server sends it (spec §3, decisions §4), already filtered by the user's grants. */
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

export const serverMenuItemSchema: z.ZodType<ServerMenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    menuName: z.string(),
    menuNameEn: z.string(),
    menuNameTw: z.string(),
    menuPerms: z.string(),
    menuIcon: z.string(),
    menuType: z.number().int(),
    menuUrl: z.string(),
    orderNum: z.number(),
    linkTarget: z.string(),
    propertyJson: z.string(),
    category: z.enum(['web', 'app']),
    children: z.array(serverMenuItemSchema).nullable(),
  }),
);

export const permissionCodeSchema = z.object({ enCode: z.string(), fullName: z.string() });
/** Per-route permission entry (spec §3): modelId is the page's menu id. */
export const routePermissionSchema = z.object({
  modelId: z.string(),
  button: z.array(permissionCodeSchema),
  column: z.array(permissionCodeSchema),
});
export type RoutePermission = z.infer<typeof routePermissionSchema>;

/** GET /api/sys/menu-ent/nav */
export const navResultSchema = z.object({
  menuList: z.array(serverMenuItemSchema),
  permissionList: z.array(routePermissionSchema),
});
export type NavResult = z.infer<typeof navResultSchema>;
