import { createHook } from 'node:async_hooks';

/** One of Node's own next-tick records, held for the life of the process (see below). */
let heldTickRecord: object | undefined;

/**
 * Keeps the shape of Node's `process.nextTick` records alive for the life of the process.
 *
 * Node 24 builds each record as an object literal with symbol keys; V8 remembers its hidden class
 * weakly. While the server starts, the records die between ticks and the start-up's full garbage
 * collections free that hidden class; the next tick then finds a new one and V8 marks the
 * literal's property definitions megamorphic for good: every later `nextTick` (Node's streams and
 * HTTP server call it about seven times per request) defines its properties through the runtime,
 * about seven times slower — a tenth of a small request's CPU (perf, `bench/`). Holding one record
 * keeps that hidden class, so the literal stays monomorphic. The record is taken by an `init`
 * hook enabled for one call only: `executionAsyncResource()` would do too, but it switches every
 * later native callback onto Node's slower JavaScript trampoline for good.
 */
export function holdTickRecordShape(): void {
  if (heldTickRecord) return;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') heldTickRecord ??= resource;
    },
  }).enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}
