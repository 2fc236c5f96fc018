import { type Invalidation } from './event-bus.js';

/**
 * After a change to a topic (or a user) is announced, reads that start within this long are not
 * kept: the writer announces when its statement ran, and its transaction may not have committed yet.
 */
export const QUIET_MS = 1_000;

/** What a kept value shows: one topic, and the users whose change (a rename, a block, a deletion) changes it. */
export interface Shows {
  topicId: number;
  users: Iterable<number>;
}

interface Entry<V> {
  value: V;
  topicId: number;
  users: number[];
  epoch: number;
  weight: number;
}

export interface TopicCacheOptions<V> {
  /** The most the entries may weigh together; the least recently used go first. */
  maxWeight: number;
  /** An entry's weight (default 1: then maxWeight counts entries). */
  weigh?: (value: V) => number;
  /** The bus's epoch (event-bus#epoch): negative while it is not listening to the other instances. */
  epoch?: () => number;
}

/**
 * Values read from a topic's rows, kept per instance until the bus says what they show changed — no
 * time limit, bounded by weight with the least recently used dropped first (issue 38: with a crowd of
 * 10,000 users, entries that expired after 30 s were gone before they were read again).
 *
 * Correctness rests on every write being announced (plugins/cache-writes.ts: any write to topics,
 * participants or messages names its topic; a user row's change names the user) to every instance
 * over the bus. A read keeps its result only if it started after the quiet period of every change
 * announced for what it shows, so a read racing a write is served once and never kept. Nothing is
 * kept while the bus is not listening to the other instances, and an entry kept in an earlier epoch
 * of the bus (a reconnect: invalidations may have been missed) is read again.
 */
export class TopicCache<V> {
  /** In use order: the first is the least recently used. */
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTopic = new Map<number, Set<string>>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly topicChangedAt = new Map<number, number>();
  private readonly userChangedAt = new Map<number, number>();
  private allChangedAt = -Infinity;
  private weight = 0;

  constructor(private readonly options: TopicCacheOptions<V>) {}

  private epoch() {
    return this.options.epoch?.() ?? 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== this.epoch()) {
      this.drop(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** A read of what `shows` names that started at `startedMs` may be kept (see the class comment). */
  mayKeep(shows: Shows, startedMs: number): boolean {
    if (this.epoch() < 0) return false;
    const after = (changedAt: number | undefined) => changedAt === undefined || startedMs > changedAt + QUIET_MS;
    if (!after(this.allChangedAt) || !after(this.topicChangedAt.get(shows.topicId))) return false;
    for (const user of shows.users) if (!after(this.userChangedAt.get(user))) return false;
    return true;
  }

  /** Keeps a value read at `startedMs`, if it may be kept; says whether it was. */
  set(key: string, value: V, shows: Shows, startedMs: number): boolean {
    if (!this.mayKeep(shows, startedMs)) return false;
    this.drop(key);
    const entry: Entry<V> = { value, topicId: shows.topicId, users: [...new Set(shows.users)], epoch: this.epoch(), weight: this.options.weigh?.(value) ?? 1 };
    this.entries.set(key, entry);
    this.weight += entry.weight;
    index(this.byTopic, entry.topicId, key);
    for (const user of entry.users) index(this.byUser, user, key);
    this.evict();
    return true;
  }

  /** An entry grew (something derived from it is kept beside it, e.g. its gzipped body). */
  grow(key: string, by: number) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.weight += by;
    this.weight += by;
    this.evict();
  }

  apply(message: Invalidation, nowMs = Date.now()) {
    if (message.kind === 'topic') {
      this.topicChangedAt.set(message.topicId, nowMs);
      for (const key of [...(this.byTopic.get(message.topicId) ?? [])]) this.drop(key);
    } else if (message.kind === 'user') {
      this.userChangedAt.set(message.userId, nowMs);
      for (const key of [...(this.byUser.get(message.userId) ?? [])]) this.drop(key);
    } else if (message.kind === 'topics' || message.kind === 'sessions') {
      this.allChangedAt = nowMs;
      this.entries.clear();
      this.byTopic.clear();
      this.byUser.clear();
      this.weight = 0;
    } else return;
    this.forgetOldChanges(nowMs);
  }

  /** How many entries are kept (tests, metrics). */
  get size() {
    return this.entries.size;
  }

  /** What the entries weigh together (tests, metrics). */
  get totalWeight() {
    return this.weight;
  }

  private evict() {
    while (this.weight > this.options.maxWeight && this.entries.size > 0) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    unindex(this.byTopic, entry.topicId, key);
    for (const user of entry.users) unindex(this.byUser, user, key);
  }

  /** Changes older than the quiet period no longer decide anything. */
  private forgetOldChanges(nowMs: number) {
    for (const map of [this.topicChangedAt, this.userChangedAt]) if (map.size > 10_000) for (const [id, at] of map) if (at + QUIET_MS < nowMs) map.delete(id);
  }
}

function index(map: Map<number, Set<string>>, id: number, key: string) {
  let keys = map.get(id);
  if (!keys) map.set(id, (keys = new Set()));
  keys.add(key);
}

function unindex(map: Map<number, Set<string>>, id: number, key: string) {
  const keys = map.get(id);
  keys?.delete(key);
  if (keys?.size === 0) map.delete(id);
}
