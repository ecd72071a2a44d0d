/**
 * The domains the code generator wrote from published online designs (docs/online-development.md,
 * "Code generation"): each is a folder `generated/<model code>/` that registers itself when
 * `modules.ts` imports it, so a generated patch adds one import line here and no line to `app.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { signedIn } from '../core/scope';
import './modules';
import { generatedModules } from './registry';

export type { GeneratedModule } from './registry';
export { registerGeneratedModule } from './registry';

export async function generatedDomains(app: FastifyInstance): Promise<void> {
  for (const module of generatedModules()) await app.register(signedIn(module.routes));
}

/** What each generated domain adds to a new tenant (its menu), inside the seed's transaction. */
export async function seedGeneratedModules(db: Kysely<unknown>, tenantId: string): Promise<void> {
  for (const module of generatedModules()) await module.seedTenant(db, tenantId);
}
