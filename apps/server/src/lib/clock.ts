/** Outside collaborators are interfaces so tests can drive time and chance. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface Random {
  /** A float in [0, 1). */
  next(): number;
}
export const systemRandom: Random = { next: () => Math.random() };

export const isoNow = (clock: Clock) => clock.now().toISOString();
