/**
 * Says once per process when requests arrive through a proxy the service was not told about: with
 * `TRUST_PROXY=false` the client address is the socket's, so every client behind a proxy shares the
 * proxy's address, and every per-address limit (the token endpoint's above all) treats them as one
 * caller. The first request carrying `X-Forwarded-For` logs what to set; later ones say nothing.
 */
import type { Middleware } from 'koa';
import type { Logger } from '../../logger';
import type { RequestState } from '../context';

export function forwardedForNotice(trustProxy: boolean, logger: Logger): Middleware<RequestState> {
  let told = trustProxy;
  return async (ctx, next) => {
    if (!told && ctx.get('X-Forwarded-For')) {
      told = true;
      logger.warn(
        { proxyAddress: ctx.request.socket.remoteAddress, path: ctx.path },
        'a request carries X-Forwarded-For but TRUST_PROXY=false: every client behind that proxy shares its address for per-IP limits. ' +
          'If the service runs behind proxies you control, set TRUST_PROXY=true and TRUST_PROXY_HOPS to how many append to X-Forwarded-For.',
      );
    }
    await next();
  };
}
