/**
 * createApp(deps): the whole Koa application, built without listening, so tests drive it through
 * `app.callback()` and the server entry point decides where it listens.
 */
import { escrowRailStatus } from '../modules/acp/escrow/escrow-rail';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from '../deps';
import { createHealthProbes } from '../modules/health/health.probes';
import type { RequestState } from './context';
import { errorHandler } from './middleware/errors';
import { forwardedForNotice } from './middleware/forwarded-for-notice';
import { requestContext } from './middleware/request-context';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';
import { createAccessGuards } from './access-guards';
import { mountRoutes } from './route';
import { mcpEndpoints } from './mcp/mcp-endpoint';
import { allRoutes } from './routes';

export function createApp(deps: AppDeps): Koa<RequestState> {
  const app = new Koa<RequestState>();
  app.proxy = deps.config.http.trustProxy;
  // Only the entries our own proxies appended: a client can write anything to the left of them.
  app.maxIpsCount = deps.config.http.proxyHops;
  app.silent = true; // errors are logged by the error middleware, with the request id

  let document: OpenApiDocument | undefined;
  const routes = allRoutes({
    app: deps,
    probes: createHealthProbes({
      orm: deps.orm,
      redis: deps.redis,
      temporal: { connection: deps.temporal.connection, namespace: deps.config.temporal.namespace, taskQueue: deps.config.temporal.taskQueue },
      routes: () => routes,
      chain: deps.chain,
      x402Ready: !!deps.config.acp.facilitatorPrivateKey,
      escrowRail: escrowRailStatus(deps.config),
      expectedLists: deps.config.pipeline.sources,
    }),
    document: () => (document ??= buildOpenApiDocument(routes, deps.config.http.publicBaseUrl)),
  });

  const guards = createAccessGuards({ config: deps.config, tokens: deps.identity.tokens, callers: deps.identity.callers, limiter: deps.limiter });
  const router = new Router<RequestState>();
  mountRoutes(router, routes, guards);

  app.use(forwardedForNotice(deps.config.http.trustProxy, deps.logger));
  app.use(requestContext(deps.orm, deps.logger));
  app.use(errorHandler());
  app.use(mcpEndpoints({ config: deps.config, routes, guards, tokens: deps.identity.tokens, callers: deps.identity.callers, limiter: deps.limiter }));
  app.use(router.routes());
  app.use(router.allowedMethods()); // sets 405/501 with an Allow header; the error middleware adds the detail
  return app;
}
