/**
 * Who sees which messages of a topic is a set of seq ranges (messages.seq is dense per topic:
 * 1, 2, 3…). A range (lo, hi] holds the messages with lo < seq ≤ hi.
 */
export type SeqRange = readonly [lo: number, hi: number];

export const isSeqVisible = (ranges: readonly SeqRange[], seq: number) => ranges.some(([lo, hi]) => seq > lo && seq <= hi);

/** How many messages a viewer sees: the sizes of their seq ranges (seq is dense per topic). */
export const visibleCount = (ranges: readonly SeqRange[]) => ranges.reduce((sum, [lo, hi]) => sum + Math.max(0, hi - lo), 0);

/**
 * The seq ranges holding one page of a viewer's messages, counted in `direction` from the
 * first (asc) or newest (desc) visible message. Pure arithmetic: a page costs the same on the
 * first or the millionth message, and the query that reads it is an index range.
 */
export function pageRanges(ranges: readonly SeqRange[], offset: number, limit: number, direction: 'asc' | 'desc'): SeqRange[] {
  const ordered = [...ranges].filter(([lo, hi]) => hi > lo).sort((a, b) => (direction === 'asc' ? a[0] - b[0] : b[0] - a[0]));
  const out: SeqRange[] = [];
  let skip = offset;
  let want = limit;
  for (const [lo, hi] of ordered) {
    if (want <= 0) break;
    const size = hi - lo;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    const take = Math.min(size - skip, want);
    out.push(direction === 'asc' ? [lo + skip, lo + skip + take] : [hi - skip - take, hi - skip]);
    want -= take;
    skip = 0;
  }
  return out;
}
