import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import type { DbHandle } from '../db/index';

/** Statements run so far, by whether a request ran them or the background (jobs, timers, start-up). */
export interface StatementCounts {
  request: number;
  background: number;
}

/**
 * Counts the statements the server sends through Kysely (benchmark builds that ask for it,
 * `BENCH=1 BENCH_STATEMENTS=1`, and the API tests): the benchmarks and a test report round trips per request, which are steadier than
 * requests per second on a shared machine. A query is counted when its result arrives, so a
 * statement compiled but not run is not; BEGIN and COMMIT are not statements of Kysely and are
 * not counted. Whether a request ran it comes from the request's async context (`onRequest`).
 */
export class StatementMeter {
  private readonly inRequest = new AsyncLocalStorage<true>();
  private readonly counts: StatementCounts = { request: 0, background: 0 };

  /** A handle whose Kysely counts every statement it runs (transactions and pg-boss's included). */
  metered(handle: DbHandle): DbHandle {
    const counts = this.counts;
    const inRequest = this.inRequest;
    const plugin: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs) => {
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs) => {
        if (inRequest.getStore()) counts.request++;
        else counts.background++;
        return args.result;
      },
    };
    return { ...handle, db: handle.db.withPlugin(plugin) };
  }

  /** Runs each request in a context of its own; register before any hook that queries. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', (_request, _reply, done) => this.inRequest.run(true, done));
  }

  snapshot(): StatementCounts {
    return { ...this.counts };
  }
}
