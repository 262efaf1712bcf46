/**
 * A route is declared once: method, path, who may call it, the zod schemas of its inputs and
 * outputs, and its handler. The same declaration mounts it on the router (with validation and its
 * guards) and describes it in the OpenAPI document, so the docs cannot drift from the code.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { AppContext, RequestState } from './context';
import type { Scope } from '../modules/identity/scopes';
import { UnsupportedMediaTypeError } from '../errors';
import { parseInput } from './validation';
import { bodyParsing } from './middleware/body';

/** Per-IP limit classes of public routes (spec: Limits); `none` for unlimited ones and for routes that limit themselves. */
export type PublicRateLimit = 'default' | 'eligibility' | 'ask' | 'newsletter' | 'acp' | 'none';

/** Public routes are limited per IP; bearer routes need a valid token, and `scope` when one is named. */
export type RouteAccess = { kind: 'public'; rateLimit: PublicRateLimit } | { kind: 'bearer'; scope?: Scope };

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
}

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

export interface RouteDefinition<B = unknown, Q = unknown, P = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI-style path: `/v1/scans/{scan_id}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: RouteAccess;
  request?: {
    body?: z.ZodType<B>;
    /** `form` for application/x-www-form-urlencoded bodies (OAuth token endpoint). */
    bodyType?: 'json' | 'form';
    query?: z.ZodType<Q>;
    params?: z.ZodType<P>;
  };
  responses: Record<number, RouteResponse>;
  /** Hidden routes (docs viewers, assets) are mounted but left out of the OpenAPI document. */
  hidden?: boolean;
  handler: (ctx: AppContext, input: RouteInput<B, Q, P>) => Promise<void> | void;
}

/** A route of any input types, for lists of routes (each route's own types are checked where it is defined). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDefinition<any, any, any>;

/** Identity function that lets TypeScript infer a route's input types from its schemas. */
export function defineRoute<B = undefined, Q = undefined, P = undefined>(
  route: RouteDefinition<B, Q, P>,
): RouteDefinition<B, Q, P> {
  return route;
}

/** Guards for a route's access class (authentication, scope, rate limit), supplied by the app. */
export type AccessGuards = (access: RouteAccess) => Middleware<RequestState>[];

const MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

/** A route that declares a body accepts exactly its media type; anything else is 415, not a confusing 422 (no body at all falls to validation). */
function requireBodyType(ctx: AppContext, type: 'json' | 'form'): void {
  if (ctx.is(MEDIA_TYPES[type]) === false) {
    throw new UnsupportedMediaTypeError(`This endpoint takes ${MEDIA_TYPES[type]}; got ${JSON.stringify(ctx.get('Content-Type') || '(none)')}`);
  }
}

const toKoaPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * A route's inputs validated by its own schemas, each issue located at its place (`path`, `query`,
 * `body`): what the router does for HTTP and the MCP tools do for their arguments, so both refuse alike.
 */
export function routeInput(route: AnyRoute, raw: { params: unknown; query: unknown; body: unknown }): RouteInput<unknown, unknown, unknown> {
  const req = route.request ?? {};
  return {
    params: req.params ? parseInput('path', req.params, raw.params) : raw.params,
    query: req.query ? parseInput('query', req.query, raw.query) : raw.query,
    body: req.body ? parseInput('body', req.body, raw.body ?? {}) : undefined,
  };
}

/**
 * Mounts each route on the router: its guards first (a stranger learns nothing about a protected
 * route's body rules: no token is 401, whatever the body), then body parsing, then input validation.
 */
export function mountRoutes(router: Router<RequestState>, routes: AnyRoute[], guards: AccessGuards): void {
  const parsing = bodyParsing();
  for (const route of routes) {
    const handler: Middleware<RequestState> = async (ctx) => {
      if (route.request?.body) requireBodyType(ctx as AppContext, route.request.bodyType ?? 'json');
      await route.handler(ctx as AppContext, routeInput(route, { params: ctx.params, query: ctx.query, body: ctx.request.body }));
    };
    router[route.method](toKoaPath(route.path), ...guards(route.access), ...parsing, handler);
  }
}

/** Describes each visible route in the OpenAPI registry, with its security requirement. */
export function registerRoutes(registry: OpenAPIRegistry, routes: AnyRoute[]): void {
  for (const route of routes.filter((r) => !r.hidden)) {
    const responses: Record<number, ResponseConfig> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[Number(status)] = {
        description: response.description,
        ...(response.schema
          ? { content: { [response.contentType ?? 'application/json']: { schema: response.schema } } }
          : response.contentType
            ? { content: { [response.contentType]: { schema: { type: 'string', format: 'binary' } } } }
            : {}),
      };
    }
    const req = route.request;
    registry.registerPath({
      method: route.method,
      path: route.path,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: route.access.kind === 'bearer' ? [{ oauth2: route.access.scope ? [route.access.scope] : [] }] : [],
      request: {
        ...(req?.params ? { params: req.params as never } : {}),
        ...(req?.query ? { query: req.query as never } : {}),
        ...(req?.body
          ? {
              body: {
                required: true,
                content: {
                  [req.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                    schema: req.body,
                  },
                },
              },
            }
          : {}),
      },
      responses,
    });
  }
}
