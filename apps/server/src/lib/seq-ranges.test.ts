import { describe, expect, it } from 'vitest';
import { pageRanges, visibleCount } from './seq-ranges.js';

describe('message paging over seq ranges', () => {
  const ranges = [
    [0, 5],
    [10, 13],
  ] as const; // seqs 1-5 and 11-13

  it('counts the visible messages', () => {
    expect(visibleCount(ranges)).toBe(8);
    expect(visibleCount([])).toBe(0);
  });

  it('pages newest first across ranges', () => {
    expect(pageRanges(ranges, 0, 4, 'desc')).toEqual([
      [10, 13],
      [4, 5],
    ]);
    expect(pageRanges(ranges, 4, 4, 'desc')).toEqual([[0, 4]]);
    expect(pageRanges(ranges, 8, 4, 'desc')).toEqual([]);
  });

  it('pages oldest first across ranges', () => {
    expect(pageRanges(ranges, 0, 3, 'asc')).toEqual([[0, 3]]);
    expect(pageRanges(ranges, 3, 3, 'asc')).toEqual([
      [3, 5],
      [10, 11],
    ]);
  });

  it('ignores empty ranges', () => {
    expect(
      pageRanges(
        [
          [4, 4],
          [0, 2],
        ],
        0,
        10,
        'asc',
      ),
    ).toEqual([[0, 2]]);
  });
});
