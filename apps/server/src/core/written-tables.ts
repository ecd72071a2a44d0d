import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
} from 'kysely';
import type { DbHandle } from '../db/index';

/** Told after a request that wrote answered below 400: the tables its statements wrote. */
export type WritesListener = (request: FastifyRequest, tables: ReadonlySet<string>) => void;

type Node = OperationNode & Record<string, unknown>;

/** The table a TableNode or an aliased one names (`dm_1_quote`, not its alias). */
function tableOf(node: unknown): string | null {
  const n = node as Node | undefined;
  if (!n) return null;
  if (n.kind === 'AliasNode') return tableOf(n.node);
  if (n.kind === 'TableNode') {
    const id = (n.table as { identifier?: { name?: unknown } } | undefined)?.identifier?.name;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

const RAW_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([A-Za-z_][\w$]*)"?/i;

/** The tables a query writes: an insert's, an update's, a delete's, or a raw statement's first. */
export function writtenTablesOf(node: OperationNode): string[] {
  const n = node as Node;
  if (n.kind === 'InsertQueryNode') return [tableOf(n.into)].filter((t): t is string => t !== null);
  if (n.kind === 'UpdateQueryNode') return [tableOf(n.table)].filter((t): t is string => t !== null);
  if (n.kind === 'DeleteQueryNode') {
    const froms = ((n.from as { froms?: unknown[] } | undefined)?.froms ?? []).map(tableOf);
    return froms.filter((t): t is string => t !== null);
  }
  if (n.kind === 'RawNode') {
    const text = ((n.sqlFragments as readonly string[] | undefined) ?? []).join('?');
    const match = RAW_WRITE.exec(text);
    return match?.[1] ? [match[1]] : [];
  }
  return [];
}

/**
 * Which tables each request wrote, for those who show data that may have changed (the portals'
 * live widgets, onlinedev/portal-live.ts): every query of the server's Kysely passes this plugin,
 * which notes the tables an insert, update or delete names in the request's own context; after a
 * request answers below 400 (its writes committed), the listeners hear them. Background work
 * (jobs, timers) runs outside any request and is not noted.
 */
export class WrittenTables {
  private readonly inRequest = new AsyncLocalStorage<Set<string>>();
  private readonly listeners = new Set<WritesListener>();
  private readonly requests = new WeakMap<FastifyRequest, Set<string>>();
  /** Per tenant, a count that moves after each of its users' requests that wrote something. */
  private readonly generations = new Map<string, number>();

  /**
   * The tenant's write count: unchanged means no request of this process has written for the
   * tenant since (writes of jobs and of other processes are not counted: a cache keyed by it
   * bounds its age as well).
   */
  generation(tenantId: string): number {
    return this.generations.get(tenantId) ?? 0;
  }

  /** A handle whose Kysely notes the tables its statements write. */
  tracked(handle: DbHandle): DbHandle {
    const inRequest = this.inRequest;
    const plugin: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs) => {
        const tables = inRequest.getStore();
        if (tables) for (const table of writtenTablesOf(args.node)) tables.add(table);
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs) => args.result,
    };
    return { ...handle, db: handle.db.withPlugin(plugin) };
  }

  onWrites(listener: WritesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs each request in a context of its own; register before any hook that queries. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', (request, _reply, done) => {
      const tables = new Set<string>();
      this.requests.set(request, tables);
      this.inRequest.run(tables, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const tables = this.requests.get(request);
      const tenantId = request.auth?.tenantId;
      // Even a refused request may have written before it failed (its rollback changes nothing,
      // but a commit before the failure would): the count moves either way.
      if (tables?.size && tenantId) this.generations.set(tenantId, this.generation(tenantId) + 1);
      if (tables?.size && reply.statusCode < 400 && this.listeners.size) {
        for (const listener of this.listeners) {
          try {
            listener(request, tables);
          } catch (error) {
            request.log.error({ err: error }, 'written-tables listener failed');
          }
        }
      }
      done();
    });
  }
}
