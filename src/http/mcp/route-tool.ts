/**
 * An MCP tool is a REST route under another name: it is declared by the route it runs (method and
 * path), and its listed input and output schemas are the JSON Schema of that route's own zod schemas,
 * so a tool cannot accept or promise anything its route does not. The arguments are split back into
 * the route's places (path, query, body, and a few named headers) and validated by the same schemas
 * in the same order as the router (route-call.ts), so a refusal names the same field.
 */
import { z } from '../../schemas/zod';
import type { Caller } from '../../modules/identity/caller';
import type { Scope } from '../../modules/identity/scopes';
import type { AnyRoute } from '../route';
import type { Tool } from '@modelcontextprotocol/server';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
/** An object schema as MCP lists a tool's input and output. */
type ObjectJsonSchema = Tool['inputSchema'];

/** What a tool adds to its route: its name, what it fixes or fills in, and how its answer reads. */
export interface RouteToolDeclaration {
  name: string;
  title: string;
  method: AnyRoute['method'];
  path: string;
  /** Said before the route's own summary and description (what the tool is for, to a model). */
  description?: string;
  /** Arguments the tool sets itself (`entity_type` of `screen_person`): not listed, not overridable. */
  fixed?: Record<string, unknown>;
  /** Arguments sent as request headers (`idempotency_key` → `Idempotency-Key`), with their description. */
  headers?: Record<string, { header: string; description: string }>;
  /** Arguments filled from the caller when left out (the caller's own `account_id`). */
  fromCaller?: Record<string, (caller: Caller) => unknown>;
  /** Extra content for a successful answer: resource links, for instance. */
  present?: (body: unknown) => ToolContent[];
}

/** A content block of a tool result (the MCP shapes this server uses). */
export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } }
  | { type: 'resource_link'; uri: string; name: string; title?: string; mimeType?: string };

export interface RouteTool {
  declaration: RouteToolDeclaration;
  route: AnyRoute;
  /** The scope the route requires (bearer routes); none for public routes. */
  scope: Scope | undefined;
  /** The listing entry (`tools/list`), computed once. */
  listing: Tool & { inputSchema: ObjectJsonSchema; outputSchema?: ObjectJsonSchema };
  /** Which route input each argument name belongs to. */
  places: { path: Set<string>; query: Set<string> };
}

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

/** The properties and required names of an object schema's JSON Schema. */
function objectParts(schema: z.ZodType | undefined): { properties: Record<string, unknown>; required: string[]; closed: boolean } {
  if (!schema) return { properties: {}, required: [], closed: false };
  const json = jsonSchemaOf(schema, 'input');
  return { properties: json.properties ?? {}, required: json.required ?? [], closed: json.additionalProperties === false };
}

/** The schema of a route's successful answer (its lowest 2xx with a JSON schema), when it is an object. */
function successSchema(route: AnyRoute): ObjectJsonSchema | undefined {
  const status = Object.keys(route.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)
    .find((s) => route.responses[s]?.schema && !route.responses[s]?.contentType);
  const schema = status === undefined ? undefined : route.responses[status]?.schema;
  if (!schema) return undefined;
  const json = openObjects(jsonSchemaOf(schema, 'output')) as JsonSchema;
  if (json.type !== 'object') return undefined;
  delete json.$schema;
  return json as ObjectJsonSchema;
}

/**
 * An answer schema that allows more than it names: zod closes output objects, but a route may answer
 * fields its schema leaves out (REST clients ignore them), and a client that checks structured content
 * against a closed schema would refuse a true answer.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === 'additionalProperties' && v === false)).map(([k, v]) => [k, openObjects(v)]));
}

export function buildRouteTool(declaration: RouteToolDeclaration, routes: AnyRoute[]): RouteTool {
  const route = routes.find((r) => r.method === declaration.method && r.path === declaration.path);
  if (!route) throw new Error(`MCP tool ${declaration.name}: no route ${declaration.method.toUpperCase()} ${declaration.path}`);
  const req = route.request ?? {};
  const parts = [objectParts(req.params), objectParts(req.query), objectParts(req.body)];
  const fixed = new Set(Object.keys(declaration.fixed ?? {}));
  const filled = new Set(Object.keys(declaration.fromCaller ?? {}));
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [name, schema] of Object.entries(part.properties)) if (!fixed.has(name)) properties[name] = schema;
    for (const name of part.required) if (!fixed.has(name) && !filled.has(name)) required.add(name);
  }
  for (const [name, { description }] of Object.entries(declaration.headers ?? {})) properties[name] = { type: 'string', description };
  const inputSchema = { type: 'object', properties, ...(required.size ? { required: [...required] } : {}), ...(parts[2]!.closed ? { additionalProperties: false } : {}) } as ObjectJsonSchema;
  const outputSchema = successSchema(route);
  const description = [declaration.description, route.summary, route.description].filter(Boolean).join('\n\n');
  return {
    declaration,
    route,
    scope: route.access.kind === 'bearer' ? route.access.scope : undefined,
    listing: { name: declaration.name, title: declaration.title, description, inputSchema, ...(outputSchema ? { outputSchema } : {}) },
    places: { path: new Set(Object.keys(parts[0]!.properties)), query: new Set(Object.keys(parts[1]!.properties)) },
  };
}

/** A tool call's arguments in the route's places; header arguments become headers, fixed ones win. */
export function routeArguments(tool: RouteTool, args: Record<string, unknown>, caller: Caller | undefined) {
  const { declaration, places } = tool;
  const filled = Object.entries(declaration.fromCaller ?? {}).map(([name, fill]) => [name, caller ? fill(caller) : undefined]);
  const all = { ...Object.fromEntries(filled.filter(([, value]) => value !== undefined)), ...args, ...declaration.fixed };
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(all)) {
    const header = declaration.headers?.[name];
    if (header) {
      if (value !== undefined && value !== null) headers[header.header] = String(value);
    } else if (places.path.has(name)) params[name] = value;
    else if (places.query.has(name)) query[name] = value;
    else body[name] = value;
  }
  return { params, query, body, headers };
}
