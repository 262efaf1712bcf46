/**
 * Whole hostile requests for one operation: path, query, headers and body. `refusableRequest` carries at
 * least one certain violation (no or broken credentials on a protected route, a body, path or query value
 * its schema refuses) and keeps the rest plausible, so the reason it must be refused is unambiguous;
 * `hostileRequest` attacks every part at once and may be valid.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { hostileBody, refusableBody, type BodyCase } from './body-cases';
import { boundaryNumber, hostileUrlString, INVALID_UTF8, NUMERIC_LOOKALIKES, percentEncode, percentEncodeBytes } from './hostile-values';
import { outOfBoundsValues, sampleValue, wrongTypeValues, type SchemaNode } from './json-schema';
import type { Operation, OperationParam } from './operations';

export interface FuzzRequest {
  op: Operation;
  /** Path and query, already percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Must be answered 4xx; only such requests are sent to write operations before the stored-nothing check. */
  refusable: boolean;
  label: string;
}

export interface FuzzContext {
  components: Record<string, SchemaNode>;
  /** A valid bearer token with every scope. */
  token: string;
  /** Values of things that exist, by field or parameter name (`scan_id`, `case_id`, `account_id`), so requests get past 404. */
  known: Record<string, string>;
}

let plausibleCalls = 0;

/** A plausible value for a path parameter: every other time a known one, else a fresh UUID where one is asked for, else the schema's example. */
function plausibleParam(param: OperationParam, ctx: FuzzContext): string {
  const known = ctx.known[param.name];
  if (known && plausibleCalls++ % 2 === 0) return known;
  if (param.schema.format === 'uuid') return randomUUID();
  return percentEncode(String(sampleValue(param.schema, ctx.components)));
}

/** String renderings of values a parameter's schema certainly refuses ('' is left out: a query may treat it as absent). */
function refusedRenderings(param: OperationParam, components: Record<string, SchemaNode>): string[] {
  const out = outOfBoundsValues(param.schema, components).filter((v) => typeof v === 'string' || typeof v === 'number');
  const numeric = wrongTypeValues(param.schema, components).length > 0 && ['integer', 'number'].includes(String(param.schema.type));
  const rendered = [...out.map(String), ...(numeric ? ['abc', 'NaN', '1e', '--1'] : [])];
  return rendered.filter((s) => s.length > 0 && s.length < 5_000);
}

/** Query length cap, so path, query and headers together stay under Node's 16 kB head limit. */
const MAX_QUERY = 8_000;

const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '..', '%2e%2e', '%2F', '%u0041'];

/** A hostile path parameter: edge strings, raw invalid UTF-8, broken escapes, very long, or plausible. */
const hostileParam = (param: OperationParam, ctx: FuzzContext): fc.Arbitrary<string> =>
  fc.oneof(
    hostileUrlString().map(percentEncode),
    fc.constantFrom(...INVALID_UTF8).map(percentEncodeBytes),
    fc.constantFrom(...BAD_ESCAPES),
    fc.integer({ min: 300, max: 6_000 }).map((n) => 'a'.repeat(n)),
    // As often as all the others: a plausible path lets the hostile query and body reach the handler.
    { weight: 4, arbitrary: fc.constant(null).map(() => plausibleParam(param, ctx)) },
  );

function pathWith(op: Operation, values: Record<string, string>): string {
  return op.template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x');
}

const plausiblePath = (op: Operation, ctx: FuzzContext) => pathWith(op, Object.fromEntries(op.pathParams.map((p) => [p.name, plausibleParam(p, ctx)])));

const jsonHeaders = (ctx: FuzzContext, op: Operation, body?: BodyCase): Record<string, string> => ({
  ...(op.bearer ? { authorization: `Bearer ${ctx.token}` } : {}),
  ...(body?.contentType ? { 'content-type': body.contentType } : {}),
});

const BAD_AUTHORIZATION = ['', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer ' + 'A'.repeat(6_000), 'bearer  x', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Token x'];

/** Requests `op` must refuse, each with one certain violation. */
export function refusableRequest(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> | undefined {
  const cases: fc.Arbitrary<FuzzRequest>[] = [];
  const body = (bodyCase?: BodyCase) => (bodyCase?.bytes ? { body: bodyCase.bytes } : {});
  if (op.bearer) {
    const anyBody = op.body ? hostileBody(op, ctx.components, ctx.known) : fc.constant<BodyCase | undefined>(undefined);
    cases.push(
      fc.tuple(fc.constantFrom(...BAD_AUTHORIZATION), anyBody).map(([authorization, b]) => ({
        op,
        url: plausiblePath(op, ctx),
        headers: { ...(authorization ? { authorization } : {}), ...(b?.contentType ? { 'content-type': b.contentType } : {}) },
        ...body(b),
        refusable: true,
        label: authorization ? 'bad authorization' : 'no token',
      })),
    );
  }
  if (op.body) {
    cases.push(refusableBody(op, ctx.components, ctx.known).map((b) => ({ op, url: plausiblePath(op, ctx), headers: jsonHeaders(ctx, op, b), ...body(b), refusable: true, label: b.label })));
  }
  const withRefusedPath = op.pathParams.map((p) => ({ p, values: refusedRenderings(p, ctx.components) })).filter((x) => x.values.length > 0);
  if (withRefusedPath.length) {
    const sample = op.body ? fc.constant(null).map(() => ({ bytes: Buffer.from(JSON.stringify(sampleValue(op.body?.schema ?? {}, ctx.components, ctx.known))), contentType: op.body?.form ? undefined : 'application/json', label: '' })) : fc.constant(undefined);
    cases.push(
      fc.tuple(fc.constantFrom(...withRefusedPath), sample).chain(([{ p, values }, b]) =>
        fc.constantFrom(...values).map((value) => {
          const others = Object.fromEntries(op.pathParams.map((q) => [q.name, plausibleParam(q, ctx)]));
          return { op, url: pathWith(op, { ...others, [p.name]: percentEncode(value) }), headers: jsonHeaders(ctx, op, b ?? undefined), ...body(b ?? undefined), refusable: true, label: `refused path ${p.name}` };
        }),
      ),
    );
  }
  const withRefusedQuery = op.queryParams.map((p) => ({ p, values: refusedRenderings(p, ctx.components) })).filter((x) => x.values.length > 0);
  if (withRefusedQuery.length && !op.body) {
    cases.push(
      fc.constantFrom(...withRefusedQuery).chain(({ p, values }) =>
        fc.constantFrom(...values).map((value) => ({ op, url: `${plausiblePath(op, ctx)}?${encodeURIComponent(p.name)}=${percentEncode(value)}`, headers: jsonHeaders(ctx, op), refusable: true, label: `refused query ${p.name}` })),
      ),
    );
  }
  return cases.length ? fc.oneof(...cases) : undefined;
}

/** A query string of declared and unknown parameters with hostile values, repeats and broken escapes. */
function hostileQuery(op: Operation): fc.Arbitrary<string> {
  const names = [...op.queryParams.map((p) => p.name), 'unknown', '__proto__', 'constructor', 'a[b]', 'x'.repeat(500)];
  const value = fc.oneof(hostileUrlString().map(percentEncode), fc.constantFrom(...NUMERIC_LOOKALIKES).map(percentEncode), boundaryNumber().map(String), fc.constantFrom(...BAD_ESCAPES), fc.constant(''));
  // Kept under Node's 16 kB request-head limit: past it Node itself answers 431 before the app sees the request.
  return fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 6 }).map((pairs) =>
    pairs.map(([name, v]) => `${encodeURIComponent(name)}=${v}`).reduce((query, pair) => (query.length + pair.length > MAX_QUERY ? query : query ? `${query}&${pair}` : pair), ''),
  );
}

/** A body for an operation that declares none (a signed webhook reads its raw body): JSON of any shape, or junk. */
const undeclaredBody = (): fc.Arbitrary<BodyCase | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 3 }).map((text) => ({ bytes: Buffer.from(text), contentType: 'application/json', label: 'undeclared json body' })),
    fc.constantFrom(...INVALID_UTF8).map((bytes) => ({ bytes, contentType: 'application/json', label: 'undeclared junk body' })),
  );

/** Requests that attack every part of `op` at once; any status but 5xx is acceptable. */
export function hostileRequest(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.pathParams.map((p) => hostileParam(p, ctx).map((v) => [p.name, v] as const)));
  const body = op.body ? hostileBody(op, ctx.components, ctx.known) : op.method === 'GET' ? fc.constant<BodyCase | undefined>(undefined) : undeclaredBody();
  return fc.tuple(params, hostileQuery(op), body, fc.integer({ min: 0, max: 9 }).map((n) => n === 0)).map(([pairs, query, b, anonymous]) => ({
    op,
    url: pathWith(op, Object.fromEntries(pairs)) + (query ? `?${query}` : ''),
    headers: { ...(op.bearer && !anonymous ? { authorization: `Bearer ${ctx.token}` } : {}), ...(b?.contentType ? { 'content-type': b.contentType } : {}) },
    ...(b?.bytes ? { body: b.bytes } : {}),
    refusable: false,
    label: b?.label ?? 'hostile path and query',
  }));
}
