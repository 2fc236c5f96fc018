import { z } from 'zod';
import { type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import { exponentialBackoff, registerJobHandler, type JobContext } from '../jobs/jobs.registry.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './webhook-signature.js';

/** Where this instance's sandbox posts its webhooks (its own listening address), and who to wake. */
export class SandboxWebhooks {
  target?: string;
  private wake?: () => void;

  constructor(
    private readonly clock: Clock,
    readonly secret: string,
  ) {}

  /** Set when the app listens: only a listening instance can deliver. */
  attach(target: string, worker: { kick(): void }) {
    this.target = target;
    this.wake = () => worker.kick();
  }

  /** Writes the event in the caller's transaction: it is posted only if the transaction commits. */
  enqueue(trx: DbOrTrx, event: { id: string }) {
    return sandboxWebhookJob.enqueue(trx, { payload: JSON.stringify(event) }, { runAt: this.clock.now(), dedupeKey: `sandbox.webhook:${event.id}` });
  }

  /** Post right away (after a session completes) instead of at the next poll. */
  kick() {
    this.wake?.();
  }
}

const webhooksOf = (ctx: JobContext): SandboxWebhooks | undefined => (ctx.gateway as { webhooks?: SandboxWebhooks }).webhooks;

/**
 * The sandbox gateway's webhook outbox, on the durable job queue: signed at send
 * time and posted to the app's own webhook URL, retried with backoff (5 s, 10 s,
 * 20 s … capped at one hour, about a day in all). A restart loses nothing; any
 * listening instance may deliver.
 */
const sandboxWebhookJob = registerJobHandler('sandbox.webhook', {
  schema: z.object({ payload: z.string() }),
  isReady: (ctx) => webhooksOf(ctx)?.target !== undefined,
  maxAttempts: 16,
  backoffMs: exponentialBackoff(5000, 3600_000),
  async handle({ payload }, ctx) {
    const webhooks = webhooksOf(ctx)!;
    const signature = signSandboxPayload(webhooks.secret, payload, Math.floor(ctx.clock.now().getTime() / 1000));
    const response = await fetch(webhooks.target!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  },
});
