import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/**
 * What a menu item of a dynamic type (3 model page, 4 dictionary page, …) names in its
 * `propertyJson.moduleId`, checked by the domain that owns it: the menu editor sits below those
 * domains, so they register their check when their plugin registers. An id that is not the
 * tenant's (another tenant's design hidden in the body) answers as a missing one: 404.
 */
export type MenuModuleCheck = (db: Kysely<Database>, tenantId: string, moduleId: string) => Promise<boolean>;

const checks = new Map<number, MenuModuleCheck>();

export function registerMenuModule(menuType: number, check: MenuModuleCheck): void {
  checks.set(menuType, check);
}

/** Whether the module a menu item of this type names exists for the tenant (true when no domain checks the type). */
export async function menuModuleExists(
  db: Kysely<Database>,
  tenantId: string,
  menuType: number,
  moduleId: string | null,
): Promise<boolean> {
  const check = checks.get(menuType);
  if (!check) return true;
  if (moduleId === null || !/^\d{1,18}$/.test(moduleId)) return false;
  return check(db, tenantId, moduleId);
}
