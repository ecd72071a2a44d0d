// The zod-free part of menu-schemas.ts (shared by the web without zod).
import { MenuType } from '../permission/menu.core';

/** Menu types (docs/rules.md#menus) the menu screen offers (2 is unused by the specification). */
export const MENU_TYPES = [
  MenuType.directory,
  MenuType.page,
  MenuType.dynamicModel,
  MenuType.dynamicDictionary,
  MenuType.dynamicReport,
  MenuType.visualisation,
  MenuType.link,
  MenuType.portal,
] as const;
export type MenuTypeValue = (typeof MENU_TYPES)[number];

export const MENU_CATEGORIES = ['web', 'app'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];
export const LINK_TARGETS = ['_self', '_blank'] as const;

/** What a menu type needs besides name, code and icon (docs/rules.md#menus); the form shows exactly these. */
export interface MenuTypeFields {
  /** url address: a page's route (registry key) or a link's address. */
  url: boolean;
  /** link target: _self opens inside the app, _blank in a new tab. */
  target: boolean;
  /** property json with moduleId (and isTree): dynamic pages and the visualisation view. */
  property: boolean;
}

export function menuTypeFields(type: number): MenuTypeFields {
  return {
    url: type === MenuType.page || type === MenuType.link,
    target: type === MenuType.link,
    property: [
      MenuType.dynamicModel,
      MenuType.dynamicDictionary,
      MenuType.dynamicReport,
      MenuType.visualisation,
      MenuType.portal,
    ].includes(type as 3),
  };
}

/** The moduleId of a property json, or null when the text is not a JSON object with one. */
export function propertyModuleId(json: string): string | null {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const id = (parsed as { moduleId?: unknown }).moduleId;
    return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

export const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';

export function isJsonObject(json: string): true | null {
  try {
    const parsed = JSON.parse(json) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? true : null;
  } catch {
    return null;
  }
}

/**
 * A link menu's address: `http(s)://…` or a path of the product (`/…`, not `//host`); never
 * `javascript:` or another scheme. The session token placeholder `${token}` may only go to a
 * path of the product: an outside host would receive every user's session.
 */
const TOKEN_PLACEHOLDER = ['$', '{token}'].join('');

export function linkUrlProblem(url: string): 'validation.linkUrl' | 'validation.linkToken' | null {
  const isPath = url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  if (!isPath) {
    if (!/^https?:\/\/[^/\s]/i.test(url)) return 'validation.linkUrl';
    try {
      new URL(url);
    } catch {
      return 'validation.linkUrl';
    }
  }
  if (!isPath && url.includes(TOKEN_PLACEHOLDER)) return 'validation.linkToken';
  return null;
}
