import { describe, expect, it } from 'vitest';
import { DependencyMonitor, SUMMARY_EVERY_MS } from './dependency-monitor.js';

describe('DependencyMonitor', () => {
  it('logs an outage once when it starts, at most a summary a minute while it lasts, and once when it ends', () => {
    const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const log = {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', message, fields: fields as Record<string, unknown> }),
      info: (fields: object, message: string) => lines.push({ level: 'info', message, fields: fields as Record<string, unknown> }),
    };
    let now = 1_000_000;
    const monitor = new DependencyMonitor('redis', log, 'rate limits count per instance', () => now);
    monitor.succeed();
    expect(lines).toEqual([]);

    // 609 failures in 19 s (what issue 30 saw) and then some: one line, then one summary after a minute.
    for (let i = 0; i < 609; i++) {
      monitor.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
      now += 19_000 / 609;
    }
    expect(monitor.isUp).toBe(false);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'redis unavailable: rate limits count per instance',
        fields: { dependency: 'redis', error: 'connect ECONNREFUSED 127.0.0.1:6379', code: 'ECONNREFUSED' },
      },
    ]);
    now += SUMMARY_EVERY_MS;
    monitor.fail(new Error('still refused'));
    monitor.fail(new Error('still refused'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'warn', message: 'redis still unavailable (609 failures since the last report)' });

    now += 2_500;
    monitor.succeed();
    monitor.succeed();
    expect(monitor.isUp).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ level: 'info', message: 'redis available again after 81.5 s', fields: { failures: 1 } });
  });
});
