/**
 * The fields of a body schema as paths (`['entities', 0, 'name']`), and writing or deleting a value at
 * such a path in a sample body. Only plain objects, arrays and nullable wrappers are walked: inside an
 * arbitrary union another member might accept what one member refuses, and a refusable mutation has to
 * be refused for certain.
 */
import { admittedTypes, resolveSchema, type SchemaNode } from './json-schema';

export type FieldPath = (string | number)[];

export interface SchemaField {
  path: FieldPath;
  schema: SchemaNode;
  /** Required by its parent and without a default: leaving it out must be refused. */
  requiredNoDefault: boolean;
}

export interface StrictObject {
  path: FieldPath;
  knownKeys: string[];
}

/** The node itself, or the one non-null member of a nullable anyOf/oneOf; undefined for real unions. */
function unwrapNullable(node: SchemaNode, components: Record<string, SchemaNode>): SchemaNode | undefined {
  const members = node.anyOf ?? node.oneOf;
  if (!members) return node;
  const concrete = members.map((m) => resolveSchema(m, components)).filter((m) => !(m.type === 'null' || (Array.isArray(m.type) && m.type.length === 1 && m.type[0] === 'null')));
  return concrete.length === 1 ? concrete[0] : undefined;
}

/** Every field reachable through objects and arrays, and every object that forbids unknown keys. */
export function walkSchema(root: SchemaNode, components: Record<string, SchemaNode>): { fields: SchemaField[]; strictObjects: StrictObject[] } {
  const fields: SchemaField[] = [];
  const strictObjects: StrictObject[] = [];
  const visit = (raw: SchemaNode, path: FieldPath, depth: number) => {
    const node = unwrapNullable(resolveSchema(raw, components), components);
    if (!node || depth > 6) return;
    if (node.properties) {
      if (node.additionalProperties === false) strictObjects.push({ path, knownKeys: Object.keys(node.properties) });
      for (const [key, child] of Object.entries(node.properties)) {
        const resolved = resolveSchema(child, components);
        fields.push({ path: [...path, key], schema: child, requiredNoDefault: (node.required ?? []).includes(key) && resolved.default === undefined });
        visit(child, [...path, key], depth + 1);
      }
    } else if (node.items && admittedTypes(node, components)?.has('array')) {
      fields.push({ path: [...path, 0], schema: node.items, requiredNoDefault: false });
      visit(node.items, [...path, 0], depth + 1);
    }
  };
  visit(root, [], 0);
  return { fields, strictObjects };
}

/** A deep copy of `value` with `replacement` written at `path` (intermediate objects and arrays created as needed). */
export function setAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const array = Array.isArray(value) ? [...(value as unknown[])] : [];
    array[head] = setAt(array[head], rest, replacement);
    return array;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  // defineProperty, so a key named __proto__ becomes an own field of the JSON text rather than a prototype.
  Object.defineProperty(object, head as string, { value: setAt(object[head as string], rest, replacement), enumerable: true, writable: true, configurable: true });
  return object;
}

/** A deep copy of `value` without the field at `path`. */
export function deleteAt(value: unknown, path: FieldPath): unknown {
  if (path.length === 0 || !value || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== head);
    const { [head as string]: _removed, ...others } = value as Record<string, unknown>;
    return others;
  }
  return setAt(value, [head as string | number], deleteAt((value as Record<string | number, unknown>)[head as string], rest));
}

/** The value at `path`, or undefined. */
export function getAt(value: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string | number, unknown>)[key] : undefined), value);
}
