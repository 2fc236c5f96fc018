import { cachePerBus, type Invalidation } from '../../lib/event-bus.js';
import { type TopicAccess } from '../topics/topics.access.js';

/** The longest an entry is served without reading it again; announced changes drop it at once. */
export const POLL_CACHE_TTL_MS = 30_000;
/**
 * After a change to a topic (or a user) is announced, reads that start within this long are not
 * kept: the writer announces when its statement ran, and its transaction may not have committed yet.
 */
export const QUIET_MS = 1_000;
const MAX_TOPICS = 20_000;
const MAX_PAGES_PER_VIEWER = 8;

export interface CachedPage {
  etag: string;
  /** The serialized response, sent as it is. */
  body: string;
}

export interface ViewerEntry {
  topicId: number;
  userId: number;
  access: TopicAccess;
  pages: Map<string, CachedPage>;
}

interface TopicEntry {
  loadedAt: number;
  epoch: number;
  viewers: Map<number, ViewerEntry>;
  /** Everyone the entry's accesses and pages show (viewers, people in the topic, senders): a change to one of them drops it. */
  users: Set<number>;
}

/**
 * What polls of a topic need, per instance: each viewer's access (the topic row, who is in it, the
 * viewer's participations — one statement to read) and the pages already answered, serialized. A poll
 * of a conversation where nothing happened then runs no statement at all.
 *
 * Correctness rests on every write being announced (plugins/cache-writes.ts: any write to topics,
 * participants or messages names its topic; a user row's change names the user) to every instance
 * over the bus. A read keeps its result only if it started after the quiet period of every change
 * announced for what it read, so a read racing a write is served once and never kept. Nothing is kept
 * while the bus is not listening to the other instances, and an entry read in an earlier epoch of the
 * bus (a reconnect: invalidations may have been missed) is read again.
 */
export class PollCache {
  private readonly topics = new Map<number, TopicEntry>();
  private readonly byUser = new Map<number, Set<number>>();
  private readonly topicChangedAt = new Map<number, number>();
  private readonly userChangedAt = new Map<number, number>();
  private allChangedAt = -Infinity;

  constructor(private readonly epoch: () => number = () => 0) {}

  /** The viewer's cached access and pages, if fresh. */
  get(topicId: number, userId: number, nowMs = Date.now()): ViewerEntry | undefined {
    const entry = this.topics.get(topicId);
    if (!entry) return undefined;
    if (nowMs - entry.loadedAt > POLL_CACHE_TTL_MS || entry.epoch !== this.epoch()) {
      this.dropTopic(topicId);
      return undefined;
    }
    return entry.viewers.get(userId);
  }

  /** A read of `topicId` for `users` that started at `startedMs` may be kept (see the class comment). */
  mayKeep(topicId: number, users: Iterable<number>, startedMs: number): boolean {
    if (this.epoch() < 0) return false;
    const after = (changedAt: number | undefined) => changedAt === undefined || startedMs > changedAt + QUIET_MS;
    if (!after(this.allChangedAt) || !after(this.topicChangedAt.get(topicId))) return false;
    for (const user of users) if (!after(this.userChangedAt.get(user))) return false;
    return true;
  }

  /** Keeps a viewer's access read at `startedMs`; returns the entry to keep its pages in, or undefined. */
  keepAccess(topicId: number, userId: number, access: TopicAccess, startedMs: number, nowMs = Date.now()): ViewerEntry | undefined {
    const users = [userId, ...access.active.map((p) => p.user_id)];
    if (!this.mayKeep(topicId, users, startedMs)) return undefined;
    let entry = this.topics.get(topicId);
    if (!entry) {
      if (this.topics.size >= MAX_TOPICS) this.dropTopic(this.topics.keys().next().value!);
      entry = { loadedAt: nowMs, epoch: this.epoch(), viewers: new Map(), users: new Set() };
      this.topics.set(topicId, entry);
    }
    const viewer: ViewerEntry = { topicId, userId, access, pages: new Map() };
    entry.viewers.set(userId, viewer);
    this.mention(topicId, entry, users);
    return viewer;
  }

  /** Keeps a page read at `startedMs` for a viewer entry `keepAccess` returned, while it is still the current one. */
  keepPage(viewer: ViewerEntry, key: string, page: CachedPage, senders: Iterable<number>, startedMs: number) {
    const entry = this.topics.get(viewer.topicId);
    if (entry?.viewers.get(viewer.userId) !== viewer || !this.mayKeep(viewer.topicId, senders, startedMs)) return;
    if (viewer.pages.size >= MAX_PAGES_PER_VIEWER) viewer.pages.delete(viewer.pages.keys().next().value!);
    viewer.pages.set(key, page);
    this.mention(viewer.topicId, entry, senders);
  }

  apply(message: Invalidation, nowMs = Date.now()) {
    if (message.kind === 'topic') {
      this.topicChangedAt.set(message.topicId, nowMs);
      this.dropTopic(message.topicId);
    } else if (message.kind === 'user') {
      this.userChangedAt.set(message.userId, nowMs);
      for (const topicId of [...(this.byUser.get(message.userId) ?? [])]) this.dropTopic(topicId);
    } else if (message.kind === 'topics' || message.kind === 'sessions') {
      this.allChangedAt = nowMs;
      this.topics.clear();
      this.byUser.clear();
    } else return;
    this.forgetOldChanges(nowMs);
  }

  /** How many topics are cached (tests, metrics). */
  get size() {
    return this.topics.size;
  }

  private mention(topicId: number, entry: TopicEntry, users: Iterable<number>) {
    for (const user of users) {
      entry.users.add(user);
      let topics = this.byUser.get(user);
      if (!topics) this.byUser.set(user, (topics = new Set()));
      topics.add(topicId);
    }
  }

  private dropTopic(topicId: number) {
    const entry = this.topics.get(topicId);
    if (!entry) return;
    this.topics.delete(topicId);
    for (const user of entry.users) {
      const topics = this.byUser.get(user);
      topics?.delete(topicId);
      if (topics?.size === 0) this.byUser.delete(user);
    }
  }

  /** Changes older than the quiet period no longer decide anything. */
  private forgetOldChanges(nowMs: number) {
    for (const map of [this.topicChangedAt, this.userChangedAt]) if (map.size > 10_000) for (const [id, at] of map) if (at + QUIET_MS < nowMs) map.delete(id);
  }
}

/** The instance's poll cache, listening to invalidations. */
export const pollCacheOf = cachePerBus((epoch) => new PollCache(epoch));
