import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { type FastifyBaseLogger } from 'fastify';
import { ANNOUNCE, invalidationsOf, type WriteAnnouncer } from '../db/write-invalidations.js';
import { type Invalidation } from '../lib/event-bus.js';
import { type Infra } from './infra.types.js';

/**
 * Sees every write that can change what an instance caches in memory (db/write-invalidations.ts) and,
 * once it changed rows, announces it so every instance drops what it affects. Features need not
 * remember to announce. The announcement goes out when the statement ran, before its transaction commits: caches stay
 * away from what it touched for a moment (their quiet period) so they never keep the state before it.
 */
export class CacheWritesPlugin implements KyselyPlugin, WriteAnnouncer {
  private readonly pending = new WeakMap<object, Invalidation[]>();

  constructor(private readonly announce: (message: Invalidation) => void) {}

  /** A write that did not pass through the plugins (db/prepared.ts) and changed rows. */
  [ANNOUNCE](invalidation: Invalidation) {
    this.announce(invalidation);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const invalidations = invalidationsOf(args.node);
    if (invalidations.length > 0) this.pending.set(args.queryId, invalidations);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const invalidations = this.pending.get(args.queryId);
    if (invalidations) {
      this.pending.delete(args.queryId);
      const changed = args.result.numAffectedRows ?? BigInt(args.result.rows.length);
      if (changed > 0n) for (const invalidation of invalidations) this.announce(invalidation);
    }
    return args.result;
  }
}

/** The infrastructure with its database handle announcing cache-relevant writes over the bus. */
export function announceCacheWrites(infra: Infra, log: FastifyBaseLogger): Infra {
  const plugin = new CacheWritesPlugin((message) => {
    infra.bus.invalidate(message).catch((error: unknown) => log.error({ err: error }, 'cache invalidation not sent'));
  });
  return { ...infra, db: infra.db.withPlugin(plugin) };
}
