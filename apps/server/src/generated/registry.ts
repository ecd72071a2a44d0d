import type { Kysely } from 'kysely';
import type { SignedInRoutes } from '../core/scope';

/**
 * A domain written by the code generator (docs/online-development.md, "Code generation"): its
 * routes, and what a new tenant's seed adds for it (its menu item, buttons and grants, as its
 * migration adds them to the tenants seeded before).
 */
export interface GeneratedModule {
  /** The folder's name, the model's code (`sample_request`). */
  name: string;
  routes: SignedInRoutes;
  seedTenant(db: Kysely<unknown>, tenantId: string): Promise<void>;
}

const modules = new Map<string, GeneratedModule>();

/** Called by a generated domain's `index.ts` when `modules.ts` imports it. */
export function registerGeneratedModule(module: GeneratedModule): void {
  if (modules.has(module.name)) throw new Error(`generated module ${module.name} registered twice`);
  modules.set(module.name, module);
}

/** The generated domains, in name order. */
export function generatedModules(): GeneratedModule[] {
  return [...modules.values()].sort((a, b) => a.name.localeCompare(b.name));
}
