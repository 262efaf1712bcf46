/**
 * The MCP endpoints, mounted on the Koa app ahead of the router (the SDK has a Node adapter, no Koa
 * one): `/mcp` for account holders, authorised like the REST API (bearer token from our OAuth
 * endpoint, verified by the same middleware, which also takes the per-client rate limit), and
 * `/mcp/agent-jobs` for buyer agents paying per call with x402 (no account; the job route's per-address
 * and per-wallet limits apply to each call). A refused token is a 401 at the transport whose
 * `WWW-Authenticate` names our RFC 9728 resource metadata, where MCP clients find the token endpoint.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo, type Server } from '@modelcontextprotocol/server';
import type { Middleware } from 'koa';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import type { AccessTokens } from '../../modules/identity/access-tokens';
import type { CallerCache } from '../../modules/identity/caller-cache';
import type { MinuteWindowLimiter } from '../../modules/rate-limits/minute-window-limiter';
import type { AppContext, RequestState } from '../context';
import { bearerAuthentication } from '../middleware/authenticate';
import { JSON_BODY_LIMIT_BYTES } from '../middleware/body';
import type { AccessGuards, AnyRoute } from '../route';
import { PROTECTED_RESOURCE_PATH } from '../routes/oauth/protected-resource.routes';
import { ACCOUNT_TOOLS } from './account-tools';
import { AGENT_JOB_TOOLS, paymentHeaders, paymentRefusal, settlementMeta } from './agent-job-tools';
import { buildRouteTool } from './route-tool';
import { toolServer, type ToolSession, type ToolSet } from './tool-server';

export const MCP_PATH = '/mcp';
export const MCP_AGENT_JOBS_PATH = '/mcp/agent-jobs';

export interface McpEndpointDeps {
  config: AppConfig;
  routes: AnyRoute[];
  guards: AccessGuards;
  tokens: AccessTokens;
  callers: CallerCache;
  limiter: MinuteWindowLimiter;
}

/** A 401 of the bearer middleware, its challenge extended with where the resource metadata is. */
function withResourceMetadata(err: unknown, config: AppConfig): unknown {
  if (!(err instanceof AppError) || err.status !== 401) return err;
  const metadata = `resource_metadata="${config.http.publicBaseUrl}${PROTECTED_RESOURCE_PATH}"`;
  const challenge = err.headers['WWW-Authenticate'];
  return new AppError(401, err.code, err.detail, { ...err.headers, 'WWW-Authenticate': challenge ? `${challenge}, ${metadata}` : `Bearer ${metadata}` }, err.extra);
}

/**
 * Both protocol eras, statelessly: 2026-07-28 requests through the SDK's entry, and 2025-era ones (the
 * official client's `initialize` handshake) through a fresh streamable HTTP transport per request that
 * answers plain JSON: the SDK's own legacy fallback answers them as an SSE stream, which costs the
 * client ~5 ms of event parsing on a scan-sized result and brings nothing when no tool streams.
 */
function statelessHandler(factory: () => Server) {
  const options = { maxRequestBodySize: JSON_BODY_LIMIT_BYTES };
  const modern = createMcpHandler(factory, { ...options, legacy: 'reject' });
  return {
    fetch: async (request: Request, passed?: { authInfo?: AuthInfo }): Promise<Response> => {
      if (!(await isLegacyRequest(request, undefined, options))) return modern.fetch(request, { authInfo: passed?.authInfo });
      // A 2025 session's GET (event stream) and DELETE have nothing to act on here.
      if (request.method !== 'POST') return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }), { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await factory().connect(transport);
      return transport.handleRequest(request, { authInfo: passed?.authInfo });
    },
  };
}

export function mcpEndpoints(deps: McpEndpointDeps): Middleware<RequestState> {
  const sessions = new AsyncLocalStorage<ToolSession>();
  const serving = (set: ToolSet) => {
    const handler = toNodeHandler(statelessHandler(() => toolServer(set, sessions.getStore()!)));
    return async (ctx: AppContext, auth?: AuthInfo) => {
      ctx.respond = false; // the SDK's transport writes this response
      const req = ctx.req as IncomingMessage & { auth?: AuthInfo };
      req.auth = auth;
      await sessions.run({ ctx, caller: ctx.state.auth }, () => handler(req, ctx.res));
    };
  };
  const base = { guards: deps.guards, publicBaseUrl: deps.config.http.publicBaseUrl };
  const accounts = serving({
    ...base,
    tools: ACCOUNT_TOOLS.map((d) => buildRouteTool(d, deps.routes)),
    instructions: 'Australian compliance intelligence: sanctions/PEP screening, cases and reports, monitoring, ABN Trust Score, Tranche 2 eligibility, cited answers. Tools follow the REST API (docs/api/mcp.md).',
  });
  const agentJobs = serving({
    ...base,
    tools: AGENT_JOB_TOOLS.map((d) => buildRouteTool(d, deps.routes)),
    headersFor: paymentHeaders,
    after: settlementMeta,
    refusalFor: paymentRefusal,
    instructions: 'Agent jobs paid per call with x402: a tool error carries the payment requirements; pay with _meta["x402/payment"].',
  });
  const authenticate = bearerAuthentication({ tokens: deps.tokens, callers: deps.callers, limiter: deps.limiter }, undefined);

  return async (ctx, next) => {
    if (ctx.path === MCP_PATH) {
      try {
        await authenticate(ctx, async () => {
          const caller = ctx.state.auth!;
          const token = ctx.get('Authorization').replace(/^Bearer\s+/i, '');
          await accounts(ctx as AppContext, { token, clientId: caller.clientId, scopes: caller.scopes, extra: { accountId: caller.accountId } });
        });
      } catch (err) {
        throw withResourceMetadata(err, deps.config);
      }
    } else if (ctx.path === MCP_AGENT_JOBS_PATH) {
      await agentJobs(ctx as AppContext);
    } else {
      await next();
    }
  };
}
