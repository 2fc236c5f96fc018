import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config } from 'zod/v4/core';

describe('zod without eval (CSP)', () => {
  it('is configured jitless before any schema is used', () => {
    expect(config().jitless).toBe(true);
  });
});
