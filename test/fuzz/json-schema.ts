/**
 * The little of JSON Schema (as zod-to-openapi writes it into our OpenAPI 3.1 document) that the fuzzer
 * needs: following `$ref`s, which JSON types a schema admits, and which values it certainly refuses.
 * "Certainly refuses" is what keeps the stored-nothing check sound: a request built from such a value
 * must be refused, whatever else it carries.
 */

/** A JSON Schema node as found in the document; read loosely, only the keywords below are used. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** Follows `$ref`s into `components.schemas` until a concrete node is reached. */
export function resolveSchema(node: SchemaNode | undefined, components: Record<string, SchemaNode>): SchemaNode {
  let current: SchemaNode = node ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = { ...components[name], ...Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref')) };
  }
  return current;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The JSON types a schema admits, or undefined when it does not say (anything goes). */
export function admittedTypes(raw: SchemaNode, components: Record<string, SchemaNode>): Set<JsonType> | undefined {
  const node = resolveSchema(raw, components);
  if (node.type) return new Set((Array.isArray(node.type) ? node.type : [node.type]) as JsonType[]);
  if (node.enum) return new Set(node.enum.map(jsonTypeOf));
  if (node.const !== undefined) return new Set([jsonTypeOf(node.const)]);
  const members = node.anyOf ?? node.oneOf;
  if (members) {
    const union = new Set<JsonType>();
    for (const member of members) {
      const types = admittedTypes(member, components);
      if (!types) return undefined;
      types.forEach((t) => union.add(t));
    }
    return union;
  }
  if (node.allOf?.[0]) return admittedTypes(node.allOf[0], components);
  return undefined;
}

/** True when a value of JSON type `type` can satisfy a schema admitting `admitted` (an integer is also a number). */
export function typeAdmitted(type: JsonType, admitted: Set<JsonType>): boolean {
  return admitted.has(type) || (type === 'integer' && admitted.has('number'));
}

/** One value of each JSON type, including edge numbers; a wrong-type mutation picks among those not admitted. */
export const VALUES_BY_TYPE: Record<JsonType, unknown[]> = {
  string: ['', '1e308', 'NaN', '-1', '0x10', 'true', 'null', '\u0000', '9007199254740993'],
  integer: [0, -1, 2 ** 53, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e308],
  number: [1.5, -0.000001, 1e-308, 5e-324],
  boolean: [true, false],
  null: [null],
  object: [{}, { __proto__: { polluted: true } }, { constructor: { prototype: { polluted: true } } }],
  array: [[], [null], [[[]]], ['a', 1, true]],
};

/** Values of JSON types the schema does not admit (empty when it admits anything). */
export function wrongTypeValues(schema: SchemaNode, components: Record<string, SchemaNode>): unknown[] {
  const admitted = admittedTypes(schema, components);
  if (!admitted) return [];
  return (Object.keys(VALUES_BY_TYPE) as JsonType[]).filter((t) => !typeAdmitted(t, admitted)).flatMap((t) => VALUES_BY_TYPE[t]);
}

/** Values that break a declared bound, format or enum of a schema that admits only one JSON type (besides null). */
export function outOfBoundsValues(raw: SchemaNode, components: Record<string, SchemaNode>): unknown[] {
  const node = resolveSchema(raw, components);
  const out: unknown[] = [];
  const types = admittedTypes(node, components);
  const strings = types?.has('string') && !types.has('number') && !types.has('integer');
  if (node.enum?.every((v) => typeof v === 'string')) out.push('not-in-enum-\u202e', 'NOT_' + String(node.enum[0]).toUpperCase() + '_X', '');
  if (strings && node.maxLength !== undefined) out.push('x'.repeat(node.maxLength + 1), '\u{1F600}'.repeat(node.maxLength + 1), 'y'.repeat(Math.max(node.maxLength + 1, 100_001)));
  if (strings && (node.minLength ?? 0) >= 1) out.push('');
  if (strings && node.format === 'uuid') out.push('not-a-uuid', '00000000-0000-0000-0000-00000000000g', '{}', '../../etc/passwd');
  if (strings && node.format === 'email') out.push('no-at-sign', '@', 'a@');
  if (strings && node.format === 'uri') out.push('no scheme here', '');
  if (types?.has('integer') && !types.has('number')) out.push(0.5);
  if (node.minimum !== undefined) out.push(node.minimum - 1, -1e308);
  if (node.exclusiveMinimum !== undefined) out.push(node.exclusiveMinimum);
  if (node.maximum !== undefined) out.push(node.maximum + 1, 1e308);
  if (node.exclusiveMaximum !== undefined) out.push(node.exclusiveMaximum);
  if (node.maxItems !== undefined) out.push(Array.from({ length: node.maxItems + 1 }, () => sampleValue(node.items ?? {}, components)));
  if ((node.minItems ?? 0) >= 1) out.push([]);
  return out;
}

/**
 * A plausible valid value: the schema's example or default, else something of its first admitted type.
 * Objects get their required properties only (optional ones often carry cross-field rules), and
 * properties named in `known` get those values (ids of things that exist), so samples get past the 404s.
 */
export function sampleValue(raw: SchemaNode, components: Record<string, SchemaNode>, known: Record<string, unknown> = {}, depth = 0): unknown {
  const node = resolveSchema(raw, components);
  if (node.example !== undefined) return node.example;
  if (node.examples?.[0] !== undefined) return node.examples[0];
  if (node.default !== undefined) return node.default;
  if (node.enum?.length) return node.enum[0];
  if (node.const !== undefined) return node.const;
  const members = node.anyOf ?? node.oneOf;
  if (members?.[0]) return sampleValue(members.find((m) => resolveSchema(m, components).type !== 'null') ?? members[0], components, known, depth + 1);
  const type = admittedTypes(node, components);
  const first = type ? [...type].find((t) => t !== 'null') ?? 'null' : 'string';
  if (first === 'object' && depth < 6) {
    const wanted = Object.entries(node.properties ?? {}).filter(([key]) => (node.required ?? []).includes(key) || key in known);
    return Object.fromEntries(wanted.map(([key, child]) => [key, key in known ? known[key] : sampleValue(child, components, known, depth + 1)]));
  }
  if (first === 'array' && depth < 6) return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => sampleValue(node.items ?? {}, components, known, depth + 1));
  if (first === 'string') return node.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'a'.repeat(Math.max(1, node.minLength ?? 1));
  if (first === 'integer' || first === 'number') return node.minimum ?? 1;
  if (first === 'boolean') return false;
  return null;
}
