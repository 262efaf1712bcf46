/**
 * Hostile request bodies for one operation. `refusableBody` only yields bodies the operation must refuse
 * (each breaks its schema, its media type or the size limit for certain), so they can be sent before the
 * stored-nothing check; `hostileBody` yields bodies that may well be valid, with hostile values inside.
 */
import fc from 'fast-check';
import { admittedTypes, outOfBoundsValues, resolveSchema, sampleValue, wrongTypeValues, type SchemaNode } from './json-schema';
import { boundaryNumber, hostileString, INVALID_UTF8 } from './hostile-values';
import { deleteAt, getAt, setAt, walkSchema } from './schema-fields';
import type { Operation } from './operations';

export interface BodyCase {
  bytes?: Buffer;
  contentType?: string;
  /** What was done, for the tally (`wrong-type body.entity_name`). */
  label: string;
}

/** Over the JSON limit (2 MB) and the form limit (64 kB) of the body parser. */
const OVERSIZED = 2 * 1024 * 1024 + 4096;

const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":undefined}', '[1,2', '{"a":1}{"b":2}', 'nul', '{"a":"\\ud800', '{"a":01}', '{"a":1e}', '{"a":"\u0001"}', 'null', '1', '"text"', 'true', '\u0000', '{"a":"\\x41"}'];

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

function encode(op: Operation, value: unknown): BodyCase['bytes'] {
  if (!op.body?.form) return json(value);
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries((value ?? {}) as Record<string, unknown>)) form.set(key, typeof field === 'string' ? field : JSON.stringify(field));
  return Buffer.from(form.toString());
}

const mediaType = (op: Operation) => (op.body?.form ? 'application/x-www-form-urlencoded' : 'application/json');

/** Bodies the operation must refuse: malformed, wrong root, wrong type, out of bounds, missing, unknown field, wrong media type, oversized. */
export function refusableBody(op: Operation, components: Record<string, SchemaNode>, known: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const schema = op.body?.schema ?? {};
  const base = sampleValue(schema, components, known);
  const { fields, strictObjects } = walkSchema(schema, components);
  const own = mediaType(op);
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc.constantFrom(...(op.body?.form ? ['application/json', 'text/plain'] : ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'text/json', 'multipart/form-data; boundary=x', 'application/xml'])).map(
      (contentType) => ({ bytes: encode(op, base), contentType, label: `content-type ${contentType.split(';')[0]}` }),
    ),
    fc.constant({ bytes: encode(op, base), label: 'no content-type' }),
  ];
  // Rare: each is megabytes on the wire, and one per operation and run already proves the limit.
  const oversized = fc.constantFrom('a', '\u{1F600}').map((unit) => ({ bytes: Buffer.from(op.body?.form ? `x=${unit.repeat(OVERSIZED)}` : `{"x":"${unit.repeat(OVERSIZED / unit.length)}"}`), contentType: own, label: 'oversized' }));
  if (!op.body?.form) {
    cases.push(fc.constantFrom(...MALFORMED_JSON).map((text) => ({ bytes: Buffer.from(text), contentType: own, label: 'malformed json' })));
    cases.push(
      fc.constantFrom<unknown>([], [base], 'x'.repeat(10)).map((root) => ({ bytes: json(root), contentType: own, label: 'wrong root type' })),
      fc.integer({ min: 1_000, max: 20_000 }).map((depth) => ({ bytes: Buffer.from('['.repeat(depth) + ']'.repeat(depth)), contentType: own, label: 'deeply nested root' })),
    );
    const typed = fields.map((f) => ({ f, wrong: wrongTypeValues(f.schema, components) })).filter((x) => x.wrong.length > 0);
    if (typed.length) cases.push(fc.constantFrom(...typed).chain(({ f, wrong }) => fc.constantFrom(...wrong).map((value) => ({ bytes: json(setAt(base, f.path, value)), contentType: own, label: `wrong type body.${f.path.join('.')}` }))));
    const bounded = fields.map((f) => ({ f, out: outOfBoundsValues(f.schema, components) })).filter((x) => x.out.length > 0);
    if (bounded.length) cases.push(fc.constantFrom(...bounded).chain(({ f, out }) => fc.constantFrom(...out).map((value) => ({ bytes: json(setAt(base, f.path, value)), contentType: own, label: `out of bounds body.${f.path.join('.')}` }))));
  }
  // A required field counts only where its parent is in the sample body: deleting `directors.0.name`
  // from a body without `directors` removes nothing, and that body is rightly accepted.
  const required = fields.filter((f) => f.requiredNoDefault && f.path.every((p) => typeof p === 'string' || p === 0) && (f.path.length === 1 || getAt(base, f.path.slice(0, -1)) !== undefined));
  if (required.length) cases.push(fc.constantFrom(...required).map((f) => ({ bytes: encode(op, deleteAt(base, f.path)), contentType: own, label: `missing body.${f.path.join('.')}` })));
  if (strictObjects.length) {
    cases.push(
      fc.tuple(fc.constantFrom(...strictObjects), fc.constantFrom('extra', '__proto__', 'constructor', '\u202e', '\u0000', 'x'.repeat(5_000)), hostileValue()).map(([object, key, value]) => ({
        bytes: encode(op, setAt(base, [...object.path, object.knownKeys.includes(key) ? `${key}_unknown` : key], value)),
        contentType: own,
        label: `unknown field at body${object.path.length ? '.' + object.path.join('.') : ''}`,
      })),
    );
  }
  return fc.oneof({ weight: 1, arbitrary: oversized }, ...cases.map((arbitrary) => ({ weight: 6, arbitrary })));
}

/** A hostile JSON value of any type. */
const hostileValue = (): fc.Arbitrary<unknown> => fc.oneof(hostileString(), boundaryNumber(), fc.constantFrom<unknown>(null, true, [], {}, [null], { '': '' }));

/** A hostile string, half the time cut to the field's maximum length so it passes validation and reaches the handler. */
const fittedString = (raw: SchemaNode, components: Record<string, SchemaNode>): fc.Arbitrary<string> => {
  const max = resolveSchema(raw, components).maxLength;
  return fc.tuple(hostileString(), fc.boolean()).map(([text, fit]) => (fit && max !== undefined && text.length > max ? text.slice(0, max) : text));
};

/** The sample body with hostile strings and edge numbers in its fields, fields dropped, keys added, invalid UTF-8, odd charsets. */
export function hostileBody(op: Operation, components: Record<string, SchemaNode>, known: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const schema = op.body?.schema ?? {};
  const base = sampleValue(schema, components, known);
  const { fields } = walkSchema(schema, components);
  const own = mediaType(op);
  const leaves = fields.filter((f) => {
    const types = admittedTypes(f.schema, components);
    return types?.has('string') || types?.has('number') || types?.has('integer');
  });
  const mutateLeaves = fc
    .subarray(leaves.length ? leaves : fields, { minLength: 0 })
    .chain((chosen) => fc.tuple(...chosen.map((f) => (admittedTypes(f.schema, components)?.has('string') ? fittedString(f.schema, components) : boundaryNumber()).map((v) => [f.path, v] as const))))
    .map((pairs) => pairs.reduce<unknown>((body, [path, value]) => setAt(body, [...path], value), base));
  const cases: fc.Arbitrary<BodyCase>[] = [
    mutateLeaves.map((body) => ({ bytes: encode(op, body), contentType: own, label: 'hostile field values' })),
    fc.subarray(fields).map((dropped) => ({ bytes: encode(op, dropped.reduce<unknown>((body, f) => deleteAt(body, f.path), base)), contentType: own, label: 'fields dropped' })),
    fc.constantFrom('application/json; charset=latin1', 'application/json; charset=utf-16', 'application/json; charset=nope', 'application/vnd.api+json', 'APPLICATION/JSON', 'application/json;;;').map((contentType) => ({ bytes: encode(op, base), contentType, label: `content-type ${contentType}` })),
    fc.constant({ bytes: Buffer.alloc(0), contentType: own, label: 'empty body' }),
  ];
  const stringLeaves = leaves.filter((f) => admittedTypes(f.schema, components)?.has('string') && typeof getAt(base, f.path) !== 'object');
  if (stringLeaves.length) {
    // One hostile string in one field, everything else valid: the likeliest way for it to reach the store.
    const oneField = fc.constantFrom(...stringLeaves).chain((f) => fittedString(f.schema, components).map((text) => ({ bytes: encode(op, setAt(base, f.path, text)), contentType: own, label: 'one hostile string' })));
    cases.push(oneField, oneField, oneField);
  }
  if (!op.body?.form && stringLeaves.length) {
    cases.push(
      fc.tuple(fc.constantFrom(...stringLeaves), fc.constantFrom(...INVALID_UTF8)).map(([f, bytes]) => {
        const [before, after] = JSON.stringify(setAt(base, f.path, '\u0001RAW\u0001')).split('\\u0001RAW\\u0001');
        return { bytes: Buffer.concat([Buffer.from(before ?? ''), bytes, Buffer.from(after ?? '')]), contentType: own, label: 'invalid utf-8 in a string' };
      }),
      fc.constant({ bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(base)]), contentType: own, label: 'byte order mark' }),
    );
  }
  return fc.oneof(...cases);
}
