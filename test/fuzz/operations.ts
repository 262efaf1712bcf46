/**
 * Every operation (path × method) of the served OpenAPI document, with what the fuzzer needs to attack
 * it: its parameters, its body schema and media type, and whether it is public. Read from the document
 * itself, so a route added tomorrow is fuzzed the day it lands.
 */
import type { SchemaNode } from './json-schema';

export interface OperationParam {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

export interface Operation {
  /** `POST /v1/scans/full`, as logged and tallied. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with `{param}` placeholders. */
  template: string;
  bearer: boolean;
  pathParams: OperationParam[];
  queryParams: OperationParam[];
  body?: { schema: SchemaNode; form: boolean };
  /** Statuses the document declares for it (a 501 is only acceptable where declared). */
  declaredStatuses: Set<number>;
  /** True for methods that may store something: these get only refusable requests before the stored-nothing check. */
  write: boolean;
}

/** The document as the fuzzer reads it (loosely: only paths and component schemas). */
export interface OpenApiLike {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

interface OperationObject {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: SchemaNode }[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Lists every operation of `document`, in document order. */
export function operationsOf(document: OpenApiLike): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (place: string): OperationParam[] =>
        (op.parameters ?? []).filter((p) => p.in === place).map((p) => ({ name: p.name, required: p.required ?? place === 'path', schema: p.schema ?? {} }));
      const content = op.requestBody?.content ?? {};
      const form = content['application/x-www-form-urlencoded'];
      const json = content['application/json'];
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        id: `${upper} ${template}`,
        method: upper,
        template,
        bearer: (op.security ?? []).some((requirement) => 'oauth2' in requirement),
        pathParams: params('path'),
        queryParams: params('query'),
        ...(form || json ? { body: { schema: (form ?? json)?.schema ?? {}, form: !!form } } : {}),
        declaredStatuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
        write: upper !== 'GET',
      });
    }
  }
  return operations;
}
