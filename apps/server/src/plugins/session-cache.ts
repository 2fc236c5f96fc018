import { type Db } from '../db/database.js';
import { type EventBus, type Invalidation } from '../lib/event-bus.js';
import { type UserRow } from '../modules/users/users.table.js';
import { findSessionWithUser } from './session.repository.js';

/** The longest a cached session is served without reading it again; announced changes drop it at once. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** After a user's change is announced their sessions are not cached for this long: the writer may not have committed yet. */
const QUIET_MS = 2_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  user: UserRow;
  sessionId: string;
  expiresAt: string;
  lastSeenAt: string;
  loadedAt: number;
  /** The bus's epoch when it was read: an entry from before the bus missed anything is not served. */
  epoch?: number;
}

/**
 * Sessions resolved recently, by session id (the token's hash), so a request needs no session lookup.
 * Every instance drops entries when any instance announces a change over the event bus: a logout or
 * password change (sessions deleted), a ban or any other update of the user row (plugins/cache-writes.ts);
 * balance moves arrive as `balance` events after their commit and patch the cached figure.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly quietUntil = new Map<number, number>();
  private quietAllUntil = 0;
  /** Bumped by every invalidation: a lookup that started before one does not store what it read. */
  generation = 0;

  /**
   * `epoch`: the bus's (lib/event-bus.ts). While it is negative (Redis down, this instance not listening)
   * nothing is cached or served: a session ended on another instance is seen at the next request, not
   * up to SESSION_CACHE_TTL_MS later. An entry read in an earlier epoch may have missed an end: dropped.
   */
  constructor(private readonly epoch: () => number = () => 0) {}

  get(sessionId: string, nowMs = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (entry && (nowMs - entry.loadedAt > SESSION_CACHE_TTL_MS || (entry.epoch ?? 0) !== this.epoch() || this.epoch() < 0)) {
      this.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(entry: CachedSession, generation: number, nowMs = Date.now()) {
    const epoch = this.epoch();
    if (epoch < 0 || generation !== this.generation || nowMs < this.quietAllUntil || nowMs < (this.quietUntil.get(entry.user.id) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.delete(this.entries.keys().next().value!);
    this.entries.set(entry.sessionId, { ...entry, epoch });
    let ids = this.byUser.get(entry.user.id);
    if (!ids) this.byUser.set(entry.user.id, (ids = new Set()));
    ids.add(entry.sessionId);
  }

  apply(message: Invalidation, nowMs = Date.now()) {
    if (message.kind !== 'session' && message.kind !== 'user' && message.kind !== 'sessions') return;
    this.generation += 1;
    if (message.kind === 'session') this.delete(message.sessionId);
    else if (message.kind === 'user') {
      for (const id of [...(this.byUser.get(message.userId) ?? [])]) this.delete(id);
      this.quietUntil.set(message.userId, nowMs + QUIET_MS);
      if (this.quietUntil.size > 10_000) for (const [id, until] of this.quietUntil) if (until < nowMs) this.quietUntil.delete(id);
    } else {
      this.entries.clear();
      this.byUser.clear();
      this.quietAllUntil = nowMs + QUIET_MS;
    }
  }

  /** A committed balance change (the `balance` event): cached users carry the new figure. */
  patchBalance(userId: number, balance: number) {
    for (const id of this.byUser.get(userId) ?? []) {
      const entry = this.entries.get(id)!;
      entry.user = Object.freeze({ ...entry.user, balance });
    }
  }

  private delete(sessionId: string) {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const ids = this.byUser.get(entry.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) this.byUser.delete(entry.user.id);
  }
}

/**
 * Resolves a session id to its session and user, from memory when a request resolved it lately.
 * The cache listens to the bus: invalidations, `session.ended`, and `balance` (patched in place).
 */
export function createSessionLookup(db: Db, bus: EventBus) {
  const cache = new SessionCache(() => bus.epoch());
  bus.onInvalidate((message) => cache.apply(message));
  bus.subscribe((event) => {
    if (event.type === 'balance') cache.patchBalance(event.userId, event.balance);
    if (event.type === 'session.ended') cache.apply(event.sessionId ? { kind: 'session', sessionId: event.sessionId } : { kind: 'user', userId: event.userId });
  });
  return async function lookup(id: string): Promise<CachedSession | undefined> {
    const cached = cache.get(id);
    if (cached) return cached;
    const generation = cache.generation;
    const row = await findSessionWithUser(db, id);
    if (!row) return undefined;
    const { session_id, session_expires_at, session_last_seen_at, ...user } = row;
    const entry = { user: Object.freeze(user), sessionId: session_id, expiresAt: session_expires_at, lastSeenAt: session_last_seen_at, loadedAt: Date.now() };
    cache.set(entry, generation);
    return entry;
  };
}
