import { z } from 'zod';
import type { ServerMenuItem } from './menu.core';

export * from './menu.core';

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
/** Per-route permission entry (docs/rules.md#permissions): modelId is the page's menu id. */
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
