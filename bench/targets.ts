/** The targets of issue 18, judged on the median of the runs; every figure printed with PASS/FAIL. */
import { SIZES } from './dataset.js';
import { CROWD_SEND, ladderName } from './scenarios.js';

export interface Stat {
  min: number;
  median: number;
  max: number;
}

export interface ScenarioStats {
  scenario: string;
  ratio: Stat;
  rps: Stat;
  p50Ms: Stat;
  p99Ms: Stat;
  eldP99Ms: Stat;
  errors: number;
}

export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
}

export function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
}

const fmt = (s: Stat, digits = 2) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

export function judge(dialect: 'sqlite' | 'postgres', stats: ScenarioStats[]): Verdict[] {
  const by = (name: string) => stats.find((s) => s.scenario === name);
  const verdicts: Verdict[] = [];
  const atLeast = (target: string, s: Stat | undefined, floor: number, unit = '×') => {
    if (s)
      verdicts.push({
        target: `${target} ≥ ${floor}${unit === '×' ? '× no-op' : unit}`,
        measured: unit === '×' ? `${fmt(s)}×` : `${fmt(s, 0)}${unit}`,
        pass: s.median >= floor,
      });
  };
  const pollFloor = dialect === 'sqlite' ? 0.3 : 0.15;
  atLeast('messages/index, typical topic', by('messages/index, typical topic')?.ratio, pollFloor);
  atLeast('messages/index, 10^6-message topic', by(ladderName(SIZES[0]!))?.ratio, pollFloor);
  const small = by(ladderName(SIZES.at(-1)!))?.p50Ms;
  const big = by(ladderName(SIZES[0]!))?.p50Ms;
  if (small && big) {
    const growth = big.median / Math.max(small.median, 0.001);
    verdicts.push({
      target: 'messages/index p50, 10^3 → 10^6 messages: within 20 %',
      measured: `${small.median} → ${big.median} ms (×${growth.toFixed(2)})`,
      pass: growth <= 1.2,
    });
  }
  const create = by('messages/create, 100 users');
  atLeast('messages/create, 100 users, c50', create?.ratio, dialect === 'sqlite' ? 0.12 : 0.08);
  if (create) verdicts.push({ target: 'messages/create p99 ≤ 50 ms', measured: `${fmt(create.p99Ms, 1)} ms`, pass: create.p99Ms.median <= 50 });
  // Issue 38 §0: the send in a crowd's shape (both participants, random order).
  const crowd = by(CROWD_SEND);
  atLeast('messages/create, crowd, c50', crowd?.ratio, dialect === 'sqlite' ? 0.12 : 0.08);
  if (crowd) verdicts.push({ target: 'messages/create, crowd, p99 ≤ 50 ms', measured: `${fmt(crowd.p99Ms, 1)} ms`, pass: crowd.p99Ms.median <= 50 });
  atLeast('webhook credit', by('payments webhook credit')?.rps, dialect === 'sqlite' ? 2000 : 1000, '/s');
  for (const s of stats)
    verdicts.push({ target: `event-loop delay p99 ≤ 50 ms: ${s.scenario}`, measured: `${fmt(s.eldP99Ms, 1)} ms`, pass: s.eldP99Ms.median <= 50 });
  for (const s of stats) if (s.errors > 0) verdicts.push({ target: `no errors: ${s.scenario}`, measured: `${s.errors} non-2xx/socket errors`, pass: false });
  return verdicts;
}
