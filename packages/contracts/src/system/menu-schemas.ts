import { z } from 'zod';
import { idSchema } from '../api/envelope';
import { MenuType } from '../permission/menu';
import { zEnCode } from '../validation/rules';
import {
  isJsonObject,
  LINK_TARGETS,
  linkUrlProblem,
  MENU_CATEGORIES,
  MENU_TYPES,
  menuTypeFields,
  propertyModuleId,
  requiredOrInvalid,
} from './menu-schemas.core';

export * from './menu-schemas.core';

/** Required free text (names may hold spaces, slashes, hyphens in any of the three languages). */
const zText = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(max, { error: 'validation.tooLong' });
const zOptionalText = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');
const zOrderNum = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.tooSmall' })
  .max(999_999, { error: 'validation.tooBig' })
  .default(0);

/** A menu row on the wire (docs/rules.md#menus) with the sizes of its page lists. */
export const menuSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  menuName: z.string(),
  menuNameEn: z.string(),
  menuNameTw: z.string(),
  /** The menu's enCode: its permission code and, for directories and links, its route. */
  menuPerms: z.string(),
  menuIcon: z.string(),
  menuType: z.number().int(),
  menuUrl: z.string(),
  orderNum: z.number().int(),
  linkTarget: z.string(),
  propertyJson: z.string(),
  enabled: z.boolean(),
  category: z.enum(MENU_CATEGORIES),
  buttonCount: z.number().int(),
  columnCount: z.number().int(),
  dataRuleCount: z.number().int(),
});
export type Menu = z.infer<typeof menuSchema>;

export type MenuNode = Menu & { children: MenuNode[] | null };
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  menuSchema.extend({ children: z.array(menuNodeSchema).nullable() }),
);

/** GET tree: keyword on the three names, the code and the url; matches come with their ancestors. */
export const menuTreeQuerySchema = z.object({
  keyword: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  category: z.enum(MENU_CATEGORIES, { error: 'validation.invalid' }).optional(),
});
export type MenuTreeQuery = z.input<typeof menuTreeQuerySchema>;

/** POST create and PUT update. Codes are unique within the tenant; "0" is the top level. */
export const menuBodySchema = z
  .object({
    parentId: idSchema.default('0'),
    menuName: zText(50),
    menuNameEn: zOptionalText(100),
    menuNameTw: zOptionalText(50),
    menuPerms: zEnCode({ max: 100 }),
    menuIcon: z
      .string({ error: 'validation.invalid' })
      .trim()
      .max(100, { error: 'validation.tooLong' })
      .regex(/^$|^[A-Za-z][A-Za-z0-9]*$/, { error: 'validation.invalid' })
      .default(''),
    menuType: z.literal(MENU_TYPES, { error: requiredOrInvalid }),
    menuUrl: zOptionalText(500),
    linkTarget: z.enum(LINK_TARGETS, { error: 'validation.invalid' }).default('_self'),
    propertyJson: zOptionalText(2000),
    orderNum: zOrderNum,
    enabled: z.boolean({ error: 'validation.invalid' }).default(true),
    category: z.enum(MENU_CATEGORIES, { error: 'validation.invalid' }).default('web'),
  })
  .superRefine((menu, ctx) => {
    const needs = menuTypeFields(menu.menuType);
    if (needs.url && menu.menuUrl === '') {
      ctx.addIssue({ code: 'custom', path: ['menuUrl'], message: 'validation.required' });
    } else if (menu.menuType === MenuType.page && !/^(\/|https?:)/i.test(menu.menuUrl)) {
      // A page is a route of the app ('/system/log') or an absolute address.
      ctx.addIssue({ code: 'custom', path: ['menuUrl'], message: 'validation.invalid' });
    }
    if (menu.menuType === MenuType.link && menu.menuUrl !== '') {
      const problem = linkUrlProblem(menu.menuUrl);
      if (problem) ctx.addIssue({ code: 'custom', path: ['menuUrl'], message: problem });
    }
    if (needs.property && menu.propertyJson === '') {
      ctx.addIssue({ code: 'custom', path: ['propertyJson'], message: 'validation.required' });
    } else if (
      menu.propertyJson !== '' &&
      (needs.property ? propertyModuleId : isJsonObject)(menu.propertyJson) === null
    ) {
      ctx.addIssue({ code: 'custom', path: ['propertyJson'], message: 'validation.invalid' });
    }
  });
export type MenuBody = z.input<typeof menuBodySchema>;

export const menuStateSchema = z.object({ enabled: z.boolean({ error: requiredOrInvalid }) });
export const menuSortSchema = z.object({
  orderNum: z
    .number({ error: requiredOrInvalid })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.tooSmall' })
    .max(999_999, { error: 'validation.tooBig' }),
});

/** A button or a column of a page (same shape). */
export const menuItemSchema = z.object({
  id: z.string(),
  menuId: z.string(),
  enCode: z.string(),
  fullName: z.string(),
  orderNum: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** POST create and PUT update of a button or column; codes are unique within the tenant. */
export const menuItemBodySchema = z.object({
  menuId: idSchema,
  enCode: zEnCode({ max: 100 }),
  fullName: zText(50),
  orderNum: zOrderNum,
});
export type MenuItemBody = z.input<typeof menuItemBodySchema>;

/** GET buttons, columns or data rules of a page. */
export const menuItemQuerySchema = z.object({ menuId: idSchema });
