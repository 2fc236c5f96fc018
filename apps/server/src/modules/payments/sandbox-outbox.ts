import { type FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './sandbox.repository.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './webhook-signature.js';

export interface OutboxOptions {
  /** How often due deliveries are looked for (real time). */
  pollMs: number;
  /** After this many failed attempts a delivery is given up (status failed). */
  maxAttempts: number;
  /** Wait before the next attempt after `attempt` failures. */
  backoffMs: (attempt: number) => number;
  requestTimeoutMs: number;
}

/** 5 s, 10 s, 20 s … capped at one hour: about a day of retries in all. */
export const defaultOutboxOptions: OutboxOptions = {
  pollMs: 1000,
  maxAttempts: 16,
  backoffMs: (attempt) => Math.min(5000 * 2 ** (attempt - 1), 3600_000),
  requestTimeoutMs: 10_000,
};

const LEASE_MS = 60_000;

/**
 * The sandbox gateway's durable webhook outbox. Events are written in the same
 * transaction as the session outcome; a poller posts them, signed at send time,
 * to the app's own webhook URL and retries failures with exponential backoff.
 * Pending rows survive a restart; any listening instance may deliver them.
 */
export class WebhookOutbox {
  private target?: string;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  readonly options: OutboxOptions;

  constructor(
    private readonly deps: { db: Db; clock: Clock; secret: string; log: FastifyBaseLogger },
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...defaultOutboxOptions, ...options };
  }

  enqueue(trx: DbOrTrx, event: { id: string }) {
    const now = this.deps.clock.now().toISOString();
    return repo.insertDelivery(trx, { event_id: event.id, payload: JSON.stringify(event), next_attempt_at: now, created_at: now });
  }

  /** Where deliveries go; set when the app starts listening. */
  setTarget(url: string) {
    this.target = url;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue(), this.options.pollMs);
    this.timer.unref();
    void this.runDue();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Try right away (after a session completes) instead of waiting for the next poll. */
  kick() {
    if (this.timer) void this.runDue();
  }

  /** Sends every due delivery once; returns how many were delivered. Overlapping calls share one run. */
  runDue(): Promise<number> {
    if (!this.target) return Promise.resolve(0);
    this.running ??= this.sendDue(this.target).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sendDue(target: string): Promise<number> {
    let delivered = 0;
    try {
      const due = await repo.listDueDeliveries(this.deps.db, this.deps.clock.now().toISOString(), 20);
      for (const row of due) if (await this.attempt(target, row)) delivered += 1;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'sandbox webhook outbox: run failed');
    }
    return delivered;
  }

  private async attempt(target: string, row: { id: number; payload: string; next_attempt_at: string }): Promise<boolean> {
    const { db, clock, secret } = this.deps;
    const now = clock.now();
    const attempts = await repo.claimDelivery(db, row.id, row.next_attempt_at, new Date(now.getTime() + LEASE_MS).toISOString(), now.toISOString());
    if (attempts === undefined) return false; // another instance took it
    let error: string | null = null;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, row.payload, Math.floor(clock.now().getTime() / 1000)),
        },
        body: row.payload,
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (cause) {
      error = String(cause instanceof Error ? cause.message : cause).slice(0, 255);
    }
    const finishedAt = clock.now();
    if (error === null) {
      await repo.finishDelivery(db, row.id, {
        status: 'delivered',
        last_error: null,
        delivered_at: finishedAt.toISOString(),
        updated_at: finishedAt.toISOString(),
      });
      return true;
    }
    const givenUp = attempts >= this.options.maxAttempts;
    this.deps.log.warn({ deliveryId: row.id, attempts, error, givenUp }, 'sandbox webhook delivery failed');
    await repo.finishDelivery(db, row.id, {
      status: givenUp ? 'failed' : 'pending',
      next_attempt_at: new Date(finishedAt.getTime() + this.options.backoffMs(attempts)).toISOString(),
      last_error: error,
      updated_at: finishedAt.toISOString(),
    });
    return false;
  }
}
