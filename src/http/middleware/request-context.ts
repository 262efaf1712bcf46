/**
 * Gives each request an id (the caller's `X-Request-Id` when it is sane, else a new UUID), a child
 * logger carrying it, its own entity-manager fork (made when first asked for: routes that only run raw
 * SQL use the root manager, `db`), and one access-log line when it ends.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import type { Orm } from '../../db/orm';
import type { Logger } from '../../logger';
import type { RequestState } from '../context';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const FORK = Symbol('request fork');

/** `ctx.state.em`: the request's own fork of the root manager (`db`), made when first asked for. */
function forkOnFirstUse(this: RequestState & { [FORK]?: EntityManager }): EntityManager {
  return (this[FORK] ??= this.db.fork());
}

/** One descriptor for every request: a getter defined per request would be a closure created per request. */
const LAZY_FORK: PropertyDescriptor = { get: forkOnFirstUse, enumerable: true, configurable: true };

export function requestContext(orm: Orm, logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.state.db = orm.em;
    Object.defineProperty(ctx.state, 'em', LAZY_FORK);
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 100) / 100 },
        'request',
      );
    }
  };
}
