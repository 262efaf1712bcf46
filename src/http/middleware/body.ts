/**
 * Request bodies: JSON and form bodies are parsed (form only where a route accepts it, e.g. the OAuth
 * token endpoint); a body of any other type is refused with 415 before it reaches a route, so a route
 * never sees an unparsed body and silently treats it as empty.
 */
import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { UnsupportedMediaTypeError } from '../../errors';
import type { RequestState } from '../context';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The largest JSON body a request may carry (REST, and the MCP endpoints, which read their own). */
export const JSON_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** True when the request carries a body (a declared length above zero, or chunked transfer). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

export function bodyParsing(): Middleware<RequestState>[] {
  const guard: Middleware<RequestState> = async (ctx, next) => {
    if (BODY_METHODS.has(ctx.method) && hasBody(ctx.headers) && !ctx.is('application/json', 'application/x-www-form-urlencoded')) {
      throw new UnsupportedMediaTypeError(
        `Unsupported Content-Type ${JSON.stringify(ctx.get('Content-Type') || '(none)')}: send application/json`,
      );
    }
    await next();
  };
  const parser = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: `${JSON_BODY_LIMIT_BYTES}b`,
    formLimit: '64kb',
    strict: true,
    onerror: (err) => {
      throw err;
    },
  }) as unknown as Middleware<RequestState>;
  return [guard, parser];
}
