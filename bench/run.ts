/**
 * npm run bench (HTTP part) — the server in its own process on SQLite, then on PostgreSQL when
 * DATABASE_URL is set, over the bench data set (bench/dataset.ts). wrk, c50, every request a different
 * user or session; each scenario's throughput as a ratio to the no-op route measured in the same run;
 * BENCH_RUNS runs (3) of BENCH_DURATION_S seconds (5) per scenario after a short warm-up; min/median/max;
 * event-loop delay p99 inside the server per scenario. Prints every target with PASS/FAIL and writes
 * bench/results/latest.{md,json}. BENCH_CPU_PROF=<dir> adds an uncounted pass that writes each scenario's CPU profile there;
 * BENCH_ONLY=<substring> keeps the no-op and the matching scenarios.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDataset } from './dataset.js';
import { buildScenarios, type Scenario } from './scenarios.js';
import { startServer, type BenchServer } from './server.js';
import { judge, stat, type ScenarioStats, type Verdict } from './targets.js';
import { CONNECTIONS, ensureWrk, runWrk, writeRequests, type WrkResult } from './wrk.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = 1;

interface Sample extends WrkResult {
  eldP99Ms: number;
}

const PROFILE_DIR = process.env.BENCH_CPU_PROF;

async function measure(server: BenchServer, scenario: Scenario, dir: string, durationS: number, profileAs?: string): Promise<Sample> {
  const requests = await scenario.requests();
  const first = requests[0]!;
  const check = await fetch(server.url + first.path, { method: first.method, headers: first.headers, body: first.body });
  if (check.status >= 400) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
  const file = join(dir, 'requests.tsv');
  writeRequests(file, requests);
  server.child.send('eld:reset');
  if (profileAs) await server.ask('prof:start', 'profiling');
  const doneBefore = await scenario.done?.();
  const result = await runWrk(server.url, file, durationS);
  if (scenario.done) {
    // Fresh work only (issue 38): a webhook replayed once wrk ran through its list credits nothing.
    const fresh = (await scenario.done()) - (doneBefore ?? 0);
    console.log(`  ${scenario.name}: ${fresh} fresh of ${result.requests} requests`);
    result.rps = Math.round(fresh / durationS);
  }
  if (profileAs) console.log(`  CPU profile: ${await server.ask<string>(`prof:stop:${profileAs}`, 'prof')}`);
  const eld = await server.ask<{ p99Ms: number }>('eld', 'eld');
  return { ...result, eldP99Ms: Math.round(eld.p99Ms * 10) / 10 };
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const data = await openDataset(dialect);
  // BENCH_ONLY=<substring>: the no-op and the scenarios whose name contains it (profiling one path).
  const only = process.env.BENCH_ONLY;
  const server = await startServer(data.database);
  const scenarios = (await buildScenarios(data, server.url)).filter((s, i) => i === 0 || !only || s.name.includes(only));
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const samples = new Map<string, Sample[]>(scenarios.map((s) => [s.name, []]));
  const ratios = new Map<string, number[]>(scenarios.map((s) => [s.name, []]));
  try {
    console.log(`[${dialect}] warm-up`);
    for (const scenario of scenarios) await measure(server, scenario, dir, WARMUP_S);
    for (let run = 1; run <= RUNS; run++) {
      let ceiling = 1;
      for (const scenario of scenarios) {
        const sample = await measure(server, scenario, dir, DURATION_S);
        if (scenario === scenarios[0]) ceiling = Math.max(1, sample.rps);
        samples.get(scenario.name)!.push(sample);
        ratios.get(scenario.name)!.push(Math.round((sample.rps / ceiling) * 1000) / 1000);
        console.log(
          `[${dialect}] run ${run}: ${scenario.name}: ${sample.rps}/s (${(sample.rps / ceiling).toFixed(3)}× no-op), p50 ${sample.p50Ms} ms, p99 ${sample.p99Ms} ms, loop p99 ${sample.eldP99Ms} ms${sample.statusErrors + sample.socketErrors ? `, ${sample.statusErrors} non-2xx, ${sample.socketErrors} socket errors` : ''}`,
        );
      }
    }
    // BENCH_CPU_PROF=<dir>: one more pass, not counted, each scenario profiled on its own (<dir>/<dialect>-<scenario>.cpuprofile).
    if (PROFILE_DIR)
      for (const scenario of scenarios)
        await measure(
          server,
          scenario,
          dir,
          DURATION_S,
          join(PROFILE_DIR, `${dialect}-${scenario.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.cpuprofile`),
        );
    const rssMb = Math.round((await server.ask<number>('rss', 'rss')) / 1024 / 1024);
    const stats: ScenarioStats[] = scenarios.map((s) => {
      const list = samples.get(s.name)!;
      return {
        scenario: s.name,
        ratio: stat(ratios.get(s.name)!),
        rps: stat(list.map((x) => x.rps)),
        p50Ms: stat(list.map((x) => x.p50Ms)),
        p99Ms: stat(list.map((x) => x.p99Ms)),
        eldP99Ms: stat(list.map((x) => x.eldP99Ms)),
        errors: list.reduce((n, x) => n + x.statusErrors + x.socketErrors, 0),
      };
    });
    return { stats, verdicts: judge(dialect, stats), rssMb };
  } finally {
    // The server (and its pool) is gone before anything else touches the database.
    await server.stop();
    await data.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(dialect: string, stats: ScenarioStats[], verdicts: Verdict[], rssMb: number) {
  const md = [
    `### ${dialect}`,
    '',
    '| scenario | × no-op, median (min–max) | req/s | p50 ms | p99 ms | loop delay p99 ms | errors |',
    '|---|---|---|---|---|---|---|',
    ...stats.map(
      (s) =>
        `| ${s.scenario} | ${s.ratio.median.toFixed(3)} (${s.ratio.min.toFixed(3)}–${s.ratio.max.toFixed(3)}) | ${s.rps.median} | ${s.p50Ms.median} | ${s.p99Ms.median} | ${s.eldP99Ms.median} | ${s.errors} |`,
    ),
    '',
    `Server RSS after the runs: ${rssMb} MB.`,
    '',
    '| target | measured, median (min–max) | |',
    '|---|---|---|',
    ...verdicts.map((v) => `| ${v.target} | ${v.measured} | ${v.pass ? 'PASS' : 'FAIL'} |`),
    '',
  ];
  return md.join('\n');
}

ensureWrk();
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const dialects: ('sqlite' | 'postgres')[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const onlyDialect = process.env.BENCH_DIALECT;
const results: Record<string, unknown> = { date: new Date().toISOString(), runs: RUNS, durationS: DURATION_S, connections: CONNECTIONS, loadgen: 'wrk -t1' };
const md: string[] = [`wrk -t1 -c${CONNECTIONS}, ${RUNS} runs × ${DURATION_S} s per scenario, ${new Date().toISOString()}`, ''];
let failed = 0;
for (const dialect of dialects.filter((d) => !onlyDialect || d === onlyDialect)) {
  const { stats, verdicts, rssMb } = await benchDialect(dialect);
  results[dialect] = { stats, verdicts, rssMb };
  failed += verdicts.filter((v) => !v.pass).length;
  md.push(report(dialect, stats, verdicts, rssMb));
}
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'latest.json'), JSON.stringify(results, null, 2));
writeFileSync(join(out, 'latest.md'), md.join('\n'));
console.log('\n' + md.join('\n'));
console.log(failed === 0 ? 'HTTP targets: all PASS' : `HTTP targets: ${failed} FAIL`);
