/** The logger calls a monitor makes (pino's, or Fastify's). */
export interface MonitorLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** How often, at most, a dependency that stays down is summarized in the log. */
export const SUMMARY_EVERY_MS = 60_000;

const describe = (error: unknown) => {
  const e = error as { message?: unknown; code?: unknown } | null;
  return { error: typeof e?.message === 'string' ? e.message : String(error), ...(e?.code ? { code: String(e.code) } : {}) };
};

/**
 * The state of one outside dependency (the database, Redis) as this process meets it, logged once per
 * change (issue 30: an outage had logged 609 warnings with full stacks in 19 s): "redis unavailable" when
 * it goes, "redis available again after 12.3 s" when it is back, and while it stays down at most one
 * summary a minute counting the failures not logged. Failures are reported by whoever meets them
 * (a command, a connection's error event); successes by whoever sees one.
 */
export class DependencyMonitor {
  #up = true;
  #downSince = 0;
  #suppressed = 0;
  #lastSummary = 0;
  #log: MonitorLog | undefined;

  constructor(
    readonly name: string,
    log?: MonitorLog,
    /** What the outage means for users, said once when it starts. */
    private readonly consequence = '',
    private readonly now: () => number = Date.now,
  ) {
    this.#log = log;
  }

  /** A logger for a monitor created before one was at hand (the database connects before the app exists). */
  attach(log: MonitorLog) {
    this.#log ??= log;
  }

  get isUp() {
    return this.#up;
  }

  fail(error: unknown) {
    const now = this.now();
    if (this.#up) {
      this.#up = false;
      this.#downSince = now;
      this.#lastSummary = now;
      this.#suppressed = 0;
      this.#log?.warn({ dependency: this.name, ...describe(error) }, `${this.name} unavailable${this.consequence ? `: ${this.consequence}` : ''}`);
      return;
    }
    this.#suppressed += 1;
    if (now - this.#lastSummary >= SUMMARY_EVERY_MS) {
      this.#log?.warn(
        { dependency: this.name, failures: this.#suppressed, downForS: Math.round((now - this.#downSince) / 1000), ...describe(error) },
        `${this.name} still unavailable (${this.#suppressed} failures since the last report)`,
      );
      this.#suppressed = 0;
      this.#lastSummary = now;
    }
  }

  succeed() {
    if (this.#up) return;
    this.#up = true;
    const seconds = (this.now() - this.#downSince) / 1000;
    this.#log?.info({ dependency: this.name, downForS: seconds, failures: this.#suppressed }, `${this.name} available again after ${seconds.toFixed(1)} s`);
  }
}
