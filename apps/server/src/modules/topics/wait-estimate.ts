import { oncallLimits } from '@parley/contracts';

/**
 * Issue 35 §2: the payer's estimated wait is the median time-to-join of recent matches like theirs: the same room
 * at the same time of day (± 2 hours) when there are enough of them, else the same room, else the same time of
 * day, else any.
 * Groups are given most specific first; the first with `estimateMinGroup` matches wins, else the largest.
 */
export function estimateWait(groups: readonly (readonly number[])[]): number | null {
  const chosen = groups.find((g) => g.length >= oncallLimits.estimateMinGroup) ?? [...groups].sort((a, b) => b.length - a.length)[0];
  if (!chosen || chosen.length === 0) return null;
  return Math.round(median(chosen));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
