import { describe, expect, it } from 'vitest';
import { connectionLost, isConnectionFailure, isDatabaseUnavailable, neverRan } from './unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database failures', () => {
  it('tells the database being away from an error of the statement itself', () => {
    const away = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      connectionLost(new Error('Query read timeout')),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), error.message).toBe(true);
    // A cancelled statement (statement_timeout) is a 503 too, but the connection is fine.
    expect(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(true);
    expect(isConnectionFailure(withCode('canceling statement due to statement timeout', '57014'))).toBe(false);

    const statement = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error', '42601'),
      new Error('Validation failed'),
      null,
      'text',
    ];
    for (const error of statement) expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('retries only what certainly never ran', () => {
    expect(neverRan(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(neverRan(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // The answer was lost: the statement may have run (and committed).
    expect(neverRan(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(neverRan(new Error('Query read timeout'))).toBe(false);
    expect(neverRan(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(false);
  });
});
