/**
 * The one place errors become responses, in exactly the spec's shapes: `{"detail": "..."}` for every
 * status, and `{"detail": [{loc, msg, type}]}` for 422. Only 5xx are logged as errors; a 5xx never
 * leaks internals to the caller.
 */
import type { Middleware } from 'koa';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError, ValidationError, type ValidationIssue } from '../../errors';
import type { RequestState } from '../context';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Errors the body parser and Koa raise (http-errors) carry a status; map the ones callers cause. */
function fromHttpError(err: HttpLikeError): AppError | undefined {
  const status = err.status ?? err.statusCode;
  if (!status || status >= 500) return undefined;
  if (err.type === 'entity.parse.failed' || (status === 400 && /json|parse/i.test(err.message ?? ''))) {
    const issue: ValidationIssue = { loc: ['body'], msg: `Malformed JSON body: ${err.message ?? 'parse error'}`, type: 'json_invalid' };
    return new ValidationError([issue]);
  }
  if (status === 413) return new AppError(413, 'payload_too_large', 'Request body is too large');
  if (status === 415) return new AppError(415, 'unsupported_media_type', err.message ?? 'Unsupported media type');
  return new AppError(status, 'http_error', err.expose && err.message ? err.message : 'Bad request');
}

/** The spec's 503 for a store outage: a plain sentence, never driver text, and when to try again. */
export function databaseUnavailable(): AppError {
  return new AppError(
    503,
    'service_unavailable',
    'The database is unavailable, so nothing was read or changed; retry shortly (GET /health shows the state of each component)',
    { 'Retry-After': '5' },
  );
}

/** Statuses the router sets without a body (no route, wrong method) get a detail in the spec's shape. */
const EMPTY_ERROR_DETAILS: Record<number, (method: string, path: string) => string> = {
  404: (method, path) => `No route for ${method} ${path}`,
  405: (method, path) => `Method ${method} is not allowed on ${path}; see the Allow header`,
  501: (method) => `Method ${method} is not implemented`,
};

export function errorHandler(): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        const detail = EMPTY_ERROR_DETAILS[ctx.status]?.(ctx.method, ctx.path);
        if (detail) {
          const status = ctx.status;
          ctx.body = { detail };
          ctx.status = status;
        }
      }
    } catch (raw) {
      const problem = problemOf(raw, ctx.state);
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.body = problem.body;
    }
  };
}

/** An error as the spec answers it: status, headers and body. */
export interface Problem {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * Any thrown value as the spec's problem, logged as the HTTP error middleware logs it; the MCP tools
 * answer their errors with the same problem, so a tool and its route refuse in the same words.
 */
export function problemOf(raw: unknown, state: Partial<Pick<RequestState, 'log' | 'requestId'>>): Problem {
  const err = raw instanceof AppError ? raw : isDatabaseUnavailable(raw) ? databaseUnavailable() : fromHttpError(raw as HttpLikeError);
  if (err?.code === 'service_unavailable' && !(raw instanceof AppError)) state.log?.warn({ err: raw }, 'database unavailable');
  if (!err) {
    state.log?.error({ err: raw }, 'unhandled error');
    return { status: 500, headers: {}, body: { detail: 'Internal server error', request_id: state.requestId } };
  }
  if (err.status === 503) state.log?.warn({ err, cause: err.cause }, err.message);
  else if (err.status >= 500 && err.status !== 501) state.log?.error({ err }, err.message);
  return { status: err.status, headers: err.headers, body: err instanceof ValidationError ? { detail: err.issues } : { detail: err.detail, ...err.extra } };
}
