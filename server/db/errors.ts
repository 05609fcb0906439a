/*
 * What a database error means, read the same from PostgreSQL (pg) and PGlite: both carry the
 * server's SQLSTATE in `code`, and a unique violation names its constraint.
 */

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

const fieldsOf = (error: unknown): DatabaseErrorFields => (typeof error === 'object' && error !== null ? (error as DatabaseErrorFields) : {});

/** The constraint (or unique index) a unique violation broke; null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const { code, constraint } = fieldsOf(error);
  return code === '23505' ? String(constraint ?? '') : null;
}

/**
 * SQLSTATEs of a database that is away or going: its connection failed or was cut (class 08), it is
 * shutting down, starting or in recovery (57P01–57P03), it has no connection left (53300), or the
 * database itself is gone (3D000, a dropped or not yet created database).
 */
const unavailableStates = /^(08...|57P0[1-3]|53300|3D000)$/;

/** What the node-postgres driver and the network say when the server cannot be reached or went away mid-query. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unreachableMessages = /^(Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Client has encountered a connection error)/;

/**
 * Whether a failure is the database being away (stopped, restarting, unreachable, closed) rather
 * than a fault of the request or the code: answered 503, to be tried again. Node's connection
 * attempt to every address of a host fails as one AggregateError of the attempts.
 */
export function databaseUnavailable(error: unknown): boolean {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.every(databaseUnavailable);
  const { code, message } = fieldsOf(error);
  if (typeof code === 'string' && (unavailableStates.test(code) || unreachableCodes.has(code))) return true;
  return typeof message === 'string' && unreachableMessages.test(message);
}
