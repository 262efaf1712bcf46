/**
 * Makes sure the namespace exists and carries our search attributes, so that a fresh cluster (or a
 * dev server started by someone else) works without manual `temporal operator` steps.
 */
import type { Connection } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { msToTs } from '@temporalio/common/lib/time';
import { SEARCH_ATTRIBUTES } from '../../temporal/search-attributes';

const ALREADY_EXISTS = 6; // gRPC status code

function isAlreadyExists(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === ALREADY_EXISTS;
}

/** Registers the namespace (7-day retention; clusters are managed by ops) when missing. */
export async function ensureNamespace(connection: Connection, namespace: string): Promise<'created' | 'existed'> {
  try {
    await connection.workflowService.describeNamespace({ namespace });
    return 'existed';
  } catch {
    try {
      await connection.workflowService.registerNamespace({
        namespace,
        workflowExecutionRetentionPeriod: msToTs('7 days'),
      });
      return 'created';
    } catch (err) {
      if (isAlreadyExists(err)) return 'existed';
      throw err;
    }
  }
}

/** Adds any of our search attributes the namespace lacks; returns the names added. */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const present = new Set(Object.keys(existing.customAttributes ?? {}));
  const missing = SEARCH_ATTRIBUTES.filter((key) => !present.has(key.name));
  if (missing.length === 0) return [];
  const searchAttributes: Record<string, proto.api.enums.v1.IndexedValueType> = {};
  for (const key of missing) searchAttributes[key.name] = proto.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  try {
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes });
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
  }
  return missing.map((key) => key.name);
}
