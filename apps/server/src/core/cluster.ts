import type { Redis } from 'ioredis';

/**
 * The server processes as a group: a topic broadcast reaches every process (this one included)
 * through the realtime bus — in-process without Redis, Redis pub/sub with REDIS_URL — and the
 * shared Redis client, when there is one. The chat hub (chat/hub.ts) implements it.
 */
export interface Cluster {
  /** This process's id, as announced to the others. */
  readonly processId: string;
  /** The shared Redis connection, null without REDIS_URL. */
  readonly redis: Redis | null;
  /** The Redis key prefix (REDIS_PREFIX). */
  readonly prefix: string;
  /** Every process's handlers of the topic get `data` (JSON-serialisable), this one's included. */
  broadcast(topic: string, data: unknown): Promise<void>;
  /** Handles the topic's broadcasts; answers a function that stops handling. */
  subscribe(topic: string, handler: (data: unknown) => void): () => void;
}
