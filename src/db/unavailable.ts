/**
 * Telling "the database is not there" apart from "this statement is wrong". An outage (server down,
 * restarting, refusing connections, the pool unable to get a connection) is temporary: the API answers
 * 503 and workflows retry until it is back. Anything else is a real error and is treated as such.
 */

/** Node socket errors seen when the server is gone or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLSTATEs of an unavailable server: admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

const MESSAGES =
  /Connection terminated|connection timeout|Timeout acquiring a connection|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Client has encountered a connection error|Connection ended unexpectedly|connect ECONNREFUSED|server closed the connection unexpectedly/i;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  originalError?: unknown;
}

/** True when `err` (or any error it wraps) says PostgreSQL is unreachable rather than that a query failed. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true;
    if (e.name === 'KnexTimeoutError' || e.name === 'ConnectionException' || e.name === 'DebitQueueTimeoutError') return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    if (Array.isArray((e as { errors?: unknown }).errors)) {
      if (((e as { errors: unknown[] }).errors).some(isDatabaseUnavailable)) return true;
    }
    current = e.cause ?? e.originalError;
  }
  return false;
}
