import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** A button or column a module page defines: the menu keeps one item `${menuCode}.${suffix}`. */
export interface MenuModuleItem {
  suffix: string;
  /** Its name on the authorize screen (the menu items have one name, in Chinese). */
  name: string;
}

/**
 * What a menu item of a dynamic type (3 model page, 4 dictionary page, …) names in its
 * `propertyJson.moduleId`, answered by the domain that owns it: the menu editor sits below those
 * domains, so they register when their plugin registers. An id that is not the tenant's (another
 * tenant's design hidden in the body) answers as a missing one: 404.
 */
export interface MenuModule {
  exists(db: Db, tenantId: string, moduleId: string): Promise<boolean>;
  /** The page's buttons and columns: kept on the menu so that the authorize screen grants them. */
  items?(
    db: Db,
    tenantId: string,
    moduleId: string,
  ): Promise<{ button: MenuModuleItem[]; column: MenuModuleItem[] }>;
  /** The fields (snake case) a condition data rule of the page may name. */
  ruleFields?(db: Db, tenantId: string, moduleId: string): Promise<readonly string[]>;
}

const modules = new Map<number, MenuModule>();

export function registerMenuModule(menuType: number, module: MenuModule): void {
  modules.set(menuType, module);
}

export function menuModuleOf(menuType: number): MenuModule | undefined {
  return modules.get(menuType);
}

const isModuleId = (id: string | null): id is string => id !== null && /^\d{1,18}$/.test(id);

/** Whether the module a menu item of this type names exists for the tenant (true when no domain checks the type). */
export async function menuModuleExists(
  db: Db,
  tenantId: string,
  menuType: number,
  moduleId: string | null,
): Promise<boolean> {
  const module = modules.get(menuType);
  if (!module) return true;
  if (!isModuleId(moduleId)) return false;
  return module.exists(db, tenantId, moduleId);
}

/** The items a module page defines; none for other types. */
export async function menuModuleItems(
  db: Db,
  tenantId: string,
  menuType: number,
  moduleId: string | null,
): Promise<{ button: MenuModuleItem[]; column: MenuModuleItem[] }> {
  const module = modules.get(menuType);
  if (!module?.items || !isModuleId(moduleId)) return { button: [], column: [] };
  return module.items(db, tenantId, moduleId);
}

/** The condition fields of a module page's data rules; undefined when its type has none. */
export async function menuModuleRuleFields(
  db: Db,
  tenantId: string,
  menuType: number,
  moduleId: string | null,
): Promise<readonly string[] | undefined> {
  const module = modules.get(menuType);
  if (!module?.ruleFields || !isModuleId(moduleId)) return undefined;
  return module.ruleFields(db, tenantId, moduleId);
}
