/**
 * The push that keeps portal widgets live (docs/portals.md): after a request of a tenant's user
 * wrote tables a dataset may read (the product's tables of the catalog, the tenant's model tables),
 * the tenant's open tabs get one `dataChanged` frame naming them; a widget whose dataset reads one
 * of them reads again (PortalView.watch). Frames of one tenant are gathered for a moment, so that a
 * burst of writes (an import) sends one. Only the table names leave, never rows: each tab reads
 * again as its own user, under his data rules.
 */
import type { FastifyInstance } from 'fastify';
import type { Realtime } from '../core/realtime';
import { PRODUCT_SOURCE_TABLES } from './dataset-catalog';

/** How long the writes of one tenant are gathered into one frame. */
const GATHER_MS = 250;

export class DataChangedPush {
  private readonly pending = new Map<string, Set<string>>();

  constructor(
    private readonly realtime: () => Realtime,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The tables of this write that a dataset of the tenant may read. */
  static watched(tenantId: string, tables: Iterable<string>): string[] {
    const models = `dm_${tenantId}_`;
    return [...tables].filter((t) => PRODUCT_SOURCE_TABLES.has(t) || t.startsWith(models));
  }

  wrote(tenantId: string, tables: Iterable<string>): void {
    const watched = DataChangedPush.watched(tenantId, tables);
    if (!watched.length) return;
    let gathered = this.pending.get(tenantId);
    if (!gathered) {
      gathered = new Set();
      this.pending.set(tenantId, gathered);
      setTimeout(() => this.flush(tenantId), GATHER_MS).unref();
    }
    for (const table of watched) gathered.add(table);
  }

  private flush(tenantId: string): void {
    const tables = this.pending.get(tenantId);
    this.pending.delete(tenantId);
    if (!tables?.size) return;
    this.realtime()
      .sendToTenant(tenantId, { method: 'dataChanged', tables: [...tables].sort() })
      .catch(this.onError);
  }
}

/** Hears every request's writes (core/written-tables.ts) and pushes them to the tenant's tabs. */
export function registerPortalLive(app: FastifyInstance): void {
  const push = new DataChangedPush(
    () => app.deps.realtime,
    (error) => app.log.error({ err: error }, 'dataChanged push failed'),
  );
  const stop = app.deps.writtenTables.onWrites((request, tables) => {
    const tenantId = request.auth?.tenantId;
    if (tenantId) push.wrote(tenantId, tables);
  });
  app.addHook('onClose', async () => stop());
}
