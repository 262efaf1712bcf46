/**
 * The MCP server of one request (streamable HTTP, stateless: any API process answers any request).
 * It lists only the tools the caller's scopes allow; a tool called anyway is answered by the tool
 * call itself, as a tool error naming the missing scope (route-call.ts). The SDK's low-level `Server`
 * is used rather than `McpServer` so that listing follows the caller and arguments are validated by
 * the routes' own schemas, refusing with the spec's issue list instead of the SDK's message.
 */
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import type { Caller } from '../../modules/identity/caller';
import type { AppContext } from '../context';
import type { AccessGuards } from '../route';
import { callRouteTool, type Refusal } from './route-call';
import type { RouteTool } from './route-tool';

export const SERVER_INFO = { name: 'compliance-intelligence', version: '1.0.0' };

/** What a request's server knows of its request. */
export interface ToolSession {
  ctx: AppContext;
  caller: Caller | undefined;
}

export interface ToolSet {
  tools: RouteTool[];
  guards: AccessGuards;
  publicBaseUrl: string;
  /** Extra request headers for a call (a paid tool's x402 payment, from the call's `_meta`). */
  headersFor?: (meta: Record<string, unknown> | undefined) => Record<string, string>;
  /** What the call adds to its result's `_meta` from the route's answer (a settlement receipt). */
  after?: (ctx: AppContext) => Record<string, unknown> | undefined;
  /** The structured content of a refused call, given the call's `_meta` (a paid tool's 402). */
  refusalFor?: (meta: Record<string, unknown> | undefined) => Refusal;
  instructions: string;
}

export function toolServer(set: ToolSet, session: ToolSession): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: set.instructions });
  const allowed = set.tools.filter((t) => !t.scope || session.caller?.scopes.includes(t.scope));
  server.setRequestHandler('tools/list', () => ({ tools: allowed.map((t) => t.listing) }));
  server.setRequestHandler('tools/call', async (request) => {
    const tool = set.tools.find((t) => t.listing.name === request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const result = await callRouteTool(tool, request.params.arguments ?? {}, {
      outer: session.ctx,
      caller: session.caller,
      guards: set.guards,
      publicBaseUrl: set.publicBaseUrl,
      headers: set.headersFor?.(request.params._meta),
      after: set.after,
      refusal: set.refusalFor?.(request.params._meta),
    });
    return server.projectCallToolResult(result as CallToolResult, result.isError ? undefined : tool.listing.outputSchema);
  });
  return server;
}
