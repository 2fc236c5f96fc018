import { type AiHealth } from '@parley/contracts';
import { type Clock } from '../../lib/clock.js';
import { CompanionProviderError, type CompanionProvider } from './companion.provider.js';

export interface BreakerTuning {
  /** Consecutive failed replies that open the breaker. */
  failureThreshold: number;
  /** While open, the provider is not called for this long; then one trial reply is let through. */
  openMs: number;
}

export const defaultBreakerTuning: BreakerTuning = { failureThreshold: 5, openMs: 30_000 };

const SAMPLES = 500;

/**
 * Wraps the provider with a circuit breaker and keeps this instance's health figures:
 * latency and first-text time of the last 500 replies, error rate, last error.
 * Open breaker: replies fail at once, without calling a provider that keeps failing.
 */
export class ProviderHealth implements CompanionProvider {
  private consecutiveFailures = 0;
  private openedAt: number | null = null;
  private trialRunning = false;
  private readonly outcomes: { ok: boolean; latencyMs: number; firstTokenMs: number | null }[] = [];
  private lastError: { message: string; at: string } | null = null;

  constructor(
    private readonly provider: CompanionProvider,
    private readonly clock: Clock,
    private readonly tuning: BreakerTuning = defaultBreakerTuning,
    /** The model to report (a function: the provider can be swapped while the app runs). */
    private readonly model: string | null | (() => string | null) = null,
  ) {}

  /** A new provider is in place: its failures start from zero. */
  reset() {
    this.consecutiveFailures = 0;
    this.openedAt = null;
    this.outcomes.length = 0;
    this.lastError = null;
  }

  get kind() {
    return this.provider.kind;
  }

  get state(): AiHealth['breaker'] {
    if (this.openedAt === null) return 'closed';
    return this.clock.now().getTime() - this.openedAt >= this.tuning.openMs ? 'half-open' : 'open';
  }

  async reply(...[context, options = {}]: Parameters<CompanionProvider['reply']>) {
    const state = this.state;
    if (state === 'open' || (state === 'half-open' && this.trialRunning))
      throw new CompanionProviderError('the AI provider is failing: circuit breaker open', 0);
    const trial = state === 'half-open';
    if (trial) this.trialRunning = true;
    const started = performance.now();
    let firstTokenMs: number | null = null;
    try {
      const reply = await this.provider.reply(context, {
        ...options,
        onDelta: (piece, offset) => {
          firstTokenMs ??= Math.round(performance.now() - started);
          options.onDelta?.(piece, offset);
        },
      });
      this.record({ ok: true, latencyMs: Math.round(performance.now() - started), firstTokenMs });
      this.consecutiveFailures = 0;
      this.openedAt = null;
      return reply;
    } catch (error) {
      if (options.signal?.aborted) throw error; // shutting down: not the provider's fault
      this.record({ ok: false, latencyMs: Math.round(performance.now() - started), firstTokenMs });
      this.lastError = { message: error instanceof Error ? error.message : String(error), at: this.clock.now().toISOString() };
      this.consecutiveFailures += 1;
      if (trial || this.consecutiveFailures >= this.tuning.failureThreshold) this.openedAt = this.clock.now().getTime();
      throw error;
    } finally {
      if (trial) this.trialRunning = false;
    }
  }

  private record(outcome: (typeof this.outcomes)[number]) {
    this.outcomes.push(outcome);
    if (this.outcomes.length > SAMPLES) this.outcomes.shift();
  }

  snapshot(): AiHealth {
    const ok = this.outcomes.filter((o) => o.ok);
    const latencies = ok.map((o) => o.latencyMs).sort((a, b) => a - b);
    const firstTokens = ok.flatMap((o) => (o.firstTokenMs === null ? [] : [o.firstTokenMs])).sort((a, b) => a - b);
    return {
      provider: this.provider.kind,
      demo: this.provider.kind === 'offline',
      model: typeof this.model === 'function' ? this.model() : this.model,
      breaker: this.state,
      requests: this.outcomes.length,
      error_rate: this.outcomes.length === 0 ? 0 : Math.round(((this.outcomes.length - ok.length) / this.outcomes.length) * 1000) / 1000,
      latency_p50_ms: percentile(latencies, 0.5),
      latency_p95_ms: percentile(latencies, 0.95),
      first_token_p50_ms: percentile(firstTokens, 0.5),
      first_token_p95_ms: percentile(firstTokens, 0.95),
      last_error: this.lastError?.message.slice(0, 300) ?? null,
      last_error_at: this.lastError?.at ?? null,
    };
  }
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
