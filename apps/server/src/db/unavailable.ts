/**
 * Which PostgreSQL failures mean "the database is not there right now" (issue 30): they answer 503
 * DATABASE_UNAVAILABLE instead of a 500, a connection that met one is not reused, and the dependency
 * monitor counts them. Application errors (a constraint, a syntax error) are none of these.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** Socket errors (Node) and SQLSTATEs that end a connection: admin/crash shutdown, cannot connect now, too many connections, idle-in-transaction timeout. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '25P03',
]);

/** node-postgres and pg-pool say these in words only. */
const connectionMessages =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection lost)/;

/** The connection to the server failed or was lost (SQLSTATE class 08 included). */
export function isConnectionFailure(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, errors } = error as DriverError;
  if (typeof code === 'string' && (connectionCodes.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && connectionMessages.test(message)) return true;
  // Node's connect to several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionFailure);
}

/** A 503 to the client: the database cannot be reached, or it cancelled the statement (statement_timeout). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isConnectionFailure(error) || (error as DriverError | null)?.code === '57014';
}

/**
 * The statement certainly did not run: the server refused it while ending the session (it answers a
 * statement with 57P01–57P03 before running it, and one it interrupts is rolled back), or the driver
 * never sent it (the connection was already known dead, or the write failed).
 */
export function neverRan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as DriverError;
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === 'EPIPE' ||
    (typeof message === 'string' && /^Client has encountered a connection error and is not queryable/.test(message))
  );
}

/** The error of a statement refused because its connection was lost before it (never sent). */
export function connectionLost(cause: Error | undefined): Error {
  return new Error(`Connection lost earlier in this checkout${cause ? `: ${cause.message}` : ''}`, { cause });
}
