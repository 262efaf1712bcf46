/**
 * Running a tool's route for an MCP call. The route's handler runs on a Koa context of its own (made by
 * the app, as for any request: same state, same client address), never on the MCP request's, whose
 * response belongs to the transport. What the handler answers becomes the tool result: JSON as
 * structured content, a PDF as an embedded resource; what it throws becomes a tool error carrying
 * the spec's problem body (`detail`, the 422 issue list, the x402 fields of a 402), with its status.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Caller } from '../../modules/identity/caller';
import type { AppContext } from '../context';
import { insufficientScope } from '../middleware/authenticate';
import { problemOf } from '../middleware/errors';
import { routeInput, type AccessGuards } from '../route';
import { routeArguments, type RouteTool, type ToolContent } from './route-tool';

export interface ToolResult {
  [key: string]: unknown;
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** Headers of a route's answer a tool result repeats in `_meta` (integrity hash and signature, replays). */
const ANSWER_HEADERS = ['idempotent-replayed', 'x-integrity-hash', 'x-integrity-signature', 'location', 'x-cache'];
export const HTTP_META = 'compliance-intelligence/http';

/** A context of the app for one route call, carrying the MCP request's state and client address. */
function routeContext(outer: AppContext, tool: RouteTool, headers: Record<string, string>): AppContext {
  const req = new IncomingMessage(new Socket());
  req.method = tool.route.method.toUpperCase();
  req.url = tool.route.path;
  req.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const ctx = outer.app.createContext(req, new ServerResponse(req)) as AppContext;
  ctx.state = outer.state;
  ctx.request.ip = outer.ip;
  return ctx;
}

async function bytesOf(body: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function answerMeta(ctx: AppContext): Record<string, unknown> {
  const headers = Object.fromEntries(ANSWER_HEADERS.map((h) => [h, ctx.response.get(h)]).filter(([, value]) => value));
  return { [HTTP_META]: { status: ctx.status, ...(Object.keys(headers).length ? { headers } : {}) } };
}

/** The route's answer as a tool result. */
async function resultOf(tool: RouteTool, ctx: AppContext, resourceUri: string): Promise<ToolResult> {
  const body: unknown = ctx.body;
  const meta = answerMeta(ctx);
  if (ctx.response.is('json')) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const structured = JSON.parse(text) as Record<string, unknown>;
    return { content: [{ type: 'text', text }, ...(tool.declaration.present?.(structured) ?? [])], structuredContent: structured, _meta: meta };
  }
  if (body === null || body === undefined) return { content: [{ type: 'text', text: `Done (${ctx.status})` }], _meta: meta };
  const mimeType = ctx.response.type || 'application/octet-stream';
  const blob = (await bytesOf(body)).toString('base64');
  return { content: [{ type: 'resource', resource: { uri: resourceUri, mimeType, blob } }], _meta: meta };
}

/**
 * A thrown error as a tool error: the spec's problem body as structured content, with its status;
 * `present` may give a tool set's own shape of it (a paid tool's 402 as x402's MCP transport says).
 */
export function toolError(raw: unknown, state: AppContext['state'], meta?: Record<string, unknown>, present?: Refusal): ToolResult {
  const problem = problemOf(raw, state);
  const asProblem = { status: problem.status, ...problem.body };
  const structured = present ? present(raw, asProblem) : asProblem;
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: true, ...(meta ? { _meta: meta } : {}) };
}

export interface RouteCall {
  outer: AppContext;
  caller: Caller | undefined;
  guards: AccessGuards;
  publicBaseUrl: string;
  /** Request headers the call adds (the x402 payment of a paid tool). */
  headers?: Record<string, string>;
  /** Reads the route's answer headers after the handler ran, whatever its outcome (a settlement receipt). */
  after?: (ctx: AppContext) => Record<string, unknown> | undefined;
  /** The structured content of a refusal, when the tool set shapes it its own way. */
  refusal?: Refusal;
}

/** A tool set's shape of a refusal: from the thrown error and the problem body it would otherwise show. */
export type Refusal = (raw: unknown, problem: Record<string, unknown>) => Record<string, unknown>;

/**
 * Runs the tool's route: scope (bearer routes) or the route's own per-address limit (public ones), then
 * input validation by the route's schemas, then its handler. Nothing runs past a refusal.
 */
export async function callRouteTool(tool: RouteTool, args: Record<string, unknown>, call: RouteCall): Promise<ToolResult> {
  const { params, query, body, headers } = routeArguments(tool, args, call.caller);
  const ctx = routeContext(call.outer, tool, { ...headers, ...call.headers });
  ctx.params = params as Record<string, string>;
  try {
    if (tool.scope && !call.caller?.scopes.includes(tool.scope)) throw insufficientScope(tool.scope);
    if (tool.route.access.kind === 'public') for (const guard of call.guards(tool.route.access)) await guard(ctx, async () => {});
    const input = routeInput(tool.route, { params, query, body });
    await tool.route.handler(ctx, input);
    const resourceUri = `${call.publicBaseUrl}${tool.route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
    const result = await resultOf(tool, ctx, resourceUri);
    const extra = call.after?.(ctx);
    return extra ? { ...result, _meta: { ...result._meta, ...extra } } : result;
  } catch (err) {
    return toolError(err, ctx.state, call.after?.(ctx), call.refusal);
  }
}
