import { type ChatEvent } from '@parley/contracts';
import {
  type CompanionDeps,
  answerReply,
  cancelReplies,
  claimDueReplies,
  recoverExpiredClaims,
  scheduleMissedReplies,
  scheduleReply,
} from './companion.service.js';
import * as repo from './companion.repository.js';

export interface CompanionTuning {
  /** How often every instance looks for due replies (also picks up replies due across a restart). */
  pollMs: number;
  /** A claim older than this is considered dead and handed back. */
  leaseMs: number;
  /** On shutdown, replies being written get this long before they are handed back for after the restart. */
  shutdownGraceMs: number;
}

export const defaultCompanionTuning: CompanionTuning = { pollMs: 1000, leaseMs: 120_000, shutdownGraceMs: 5000 };

/** Replies one instance writes at once (each mostly waits on the provider's stream). */
const MAX_IN_FLIGHT = 200;
const CLAIM_BATCH = 20;

/**
 * Listens to chat events and answers due replies. Durable: the schedule lives
 * in `companion_replies`, so the timer is only a wake-up; the poller finds what
 * is due on any instance, including replies that fell due while it was down.
 */
export class CompanionWorker {
  private readonly unsubscribe: () => void;
  private poller?: NodeJS.Timeout;
  private wakeUp?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** Replies being written: a pass claims and starts them, it does not wait for them. */
  private readonly inFlight = new Set<Promise<void>>();
  private again = false;
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    private readonly deps: CompanionDeps,
    private readonly tuning: CompanionTuning,
  ) {
    this.unsubscribe = deps.bus.subscribe((event) => void this.onEvent(event));
  }

  start() {
    this.poller = setInterval(() => void this.tick(), this.tuning.pollMs);
    this.poller.unref();
    void this.tick();
    // Replies whose scheduling a crash cut short (the message committed, the event handler never ran).
    void scheduleMissedReplies(this.deps).catch((error: unknown) => this.deps.log.error({ err: error }, 'companion recovery of missed replies failed'));
  }

  private async onEvent(event: ChatEvent) {
    if (this.stopped) return;
    try {
      // Only users' messages start a reply (the companion's own messages arrive here too).
      if (event.type === 'message.created' && typeof event.message.id === 'number' && event.message.sender_kind === 'user') {
        const dueAt = await scheduleReply(this.deps, event.topicId, event.message.id);
        if (dueAt) this.wakeAt(dueAt);
      } else if (event.type === 'participant.left' && event.participantsCount === 0) await cancelReplies(this.deps, event.topicId, 'user left');
      else if (event.type === 'topic.closed') await cancelReplies(this.deps, event.topicId, 'topic closed');
      else if (event.type === 'topic.mode' && event.chatMode !== 'ai') await cancelReplies(this.deps, event.topicId, 'left ai mode');
    } catch (error) {
      this.deps.log.error({ err: error, event: event.type }, 'companion event handling failed');
    }
  }

  /** A precise wake-up for a reply due before the next poll. */
  private wakeAt(dueAt: string) {
    const delay = Date.parse(dueAt) - this.deps.clock.now().getTime();
    if (delay >= this.tuning.pollMs || this.stopped) return;
    clearTimeout(this.wakeUp);
    this.wakeUp = setTimeout(() => void this.tick(), Math.max(0, delay) + 5);
    this.wakeUp.unref();
  }

  /** One pass: hand back dead claims, start what is due. Never overlaps itself; asked during a pass, it runs again after. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        await recoverExpiredClaims(this.deps, this.tuning.leaseMs);
        for (;;) {
          const room = Math.min(CLAIM_BATCH, MAX_IN_FLIGHT - this.inFlight.size);
          if (room <= 0 || this.stopped) break;
          const claimed = await claimDueReplies(this.deps, room);
          for (const row of claimed) this.track(answerReply(this.deps, row, this.abort.signal));
          if (claimed.length < room) break;
        }
      } catch (error) {
        if (!this.stopped) this.deps.log.error({ err: error }, 'companion worker pass failed');
      } finally {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.tick();
        }
      }
    })();
    return this.running;
  }

  private track(reply: Promise<void>) {
    const tracked = reply
      .catch((error: unknown) => {
        if (!this.stopped) this.deps.log.error({ err: error }, 'companion reply failed');
      })
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Waits for a pass in progress, then runs a fresh one and the replies it started (tests after moving the clock). */
  async runNow() {
    if (this.running) await this.running;
    await this.tick();
    await Promise.all([...this.inFlight]);
  }

  /** Stops taking work, lets replies being written finish for a moment, then hands the rest back. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    clearInterval(this.poller);
    clearTimeout(this.wakeUp);
    const busy = Promise.all([this.running, ...this.inFlight]);
    if (!this.running && this.inFlight.size === 0) return;
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.tuning.shutdownGraceMs).unref());
    await Promise.race([busy, grace]);
    this.abort.abort();
    await busy;
  }

  /** When the next pending reply is due (tests, diagnostics). */
  async nextDueAt() {
    return (await repo.findNextDueAt(this.deps.db))?.due_at ?? null;
  }
}
