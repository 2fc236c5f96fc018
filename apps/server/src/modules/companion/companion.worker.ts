import { type ChatEvent } from '@parley/contracts';
import { z } from 'zod';
import { registerJobHandler, registerPeriodicJob, type JobContext } from '../jobs/jobs.registry.js';
import { type JobWorker } from '../jobs/jobs.worker.js';
import { type CompanionDeps, COMPANION_REPLY_JOB, cancelReplies, runReplyJob, scheduleMissedReplies, scheduleReply } from './companion.service.js';
import * as repo from './companion.repository.js';

/** A claim older than this belongs to an instance that died; the job's lease is the same. */
export const COMPANION_LEASE_MS = 120_000;

/** Each app's companion (provider, posting), found by the job context's database. */
const companions = new WeakMap<object, CompanionDeps>();
const companionOf = (ctx: JobContext) => companions.get(ctx.db);

registerJobHandler(COMPANION_REPLY_JOB, {
  schema: z.object({ replyId: z.number().int() }),
  leaseMs: COMPANION_LEASE_MS,
  // Only instances that run the companion (every app does; a bare job runner would not).
  isReady: (ctx) => companionOf(ctx) !== undefined,
  handle: ({ replyId }, ctx) => runReplyJob(companionOf(ctx)!, replyId, ctx.signal),
});

// A message that committed on an instance that died before scheduling its reply gets it here, on any instance.
registerPeriodicJob('companion.recover', {
  everyMs: 60_000,
  async handle(ctx) {
    const deps = companionOf(ctx);
    if (deps) await scheduleMissedReplies(deps);
  },
});

/**
 * Turns chat events into scheduled replies. The schedule is durable: a reply row
 * and its `companion.reply` job commit together, and the app's job worker (modules/jobs)
 * answers it when due, on whichever instance claims it, across restarts.
 */
export class CompanionWorker {
  private unsubscribe?: () => void;
  private stopped = false;

  constructor(
    private readonly deps: CompanionDeps,
    private readonly jobs: JobWorker,
  ) {
    companions.set(deps.db, deps);
    const unsubscribeEvents = deps.bus.subscribe((event) => void this.onEvent(event));
    // The owner's Stop, asked on any instance: the one writing the reply ends it (issue 34).
    const unsubscribeStops = deps.bus.onInvalidate((message) => message.kind === 'companion-stop' && deps.running?.stop(message.replyId, message.shownChars));
    this.unsubscribe = () => {
      unsubscribeEvents();
      unsubscribeStops();
    };
  }

  start() {
    // Replies whose scheduling a crash cut short (the message committed, the event handler never ran).
    void scheduleMissedReplies(this.deps).catch((error: unknown) => this.deps.log.error({ err: error }, 'companion recovery of missed replies failed'));
  }

  private async onEvent(event: ChatEvent) {
    if (this.stopped) return;
    try {
      // Only users' messages start a reply (the companion's own messages arrive here too).
      if (event.type === 'message.created' && event.chatMode === 'human') return;
      if (event.type === 'message.created' && typeof event.message.id === 'number' && event.message.sender_kind === 'user') {
        const dueAt = await scheduleReply(this.deps, event.topicId, event.message.id);
        if (dueAt) this.jobs.wakeAt(new Date(dueAt));
      } else if (event.type === 'participant.left' && event.participantsCount === 0) await cancelReplies(this.deps, event.topicId, 'user left');
      else if (event.type === 'topic.closed') await cancelReplies(this.deps, event.topicId, 'topic closed');
      else if (event.type === 'topic.mode' && event.chatMode !== 'ai') await cancelReplies(this.deps, event.topicId, 'left ai mode');
    } catch (error) {
      this.deps.log.error({ err: error, event: event.type }, 'companion event handling failed');
    }
  }

  /** Runs what is due now and waits for the replies it started (tests, after moving the clock). */
  async runNow() {
    await this.jobs.runDue();
  }

  /** Stops scheduling (replies being written are the job worker's, which stops with the app). */
  stop() {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** When the next pending reply is due (tests, diagnostics). */
  async nextDueAt() {
    return (await repo.findNextDueAt(this.deps.db))?.due_at ?? null;
  }
}
