/**
 * Canonical JSON and SHA-256: hashes that do not depend on key order. List versions use them (the same
 * list published twice hashes the same), and so do scan records and case audit chains, where anyone
 * must be able to recompute a hash from the JSON alone.
 */
import { createHash, hash } from 'node:crypto';

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** One-shot (no Hash object per call: two hashes a scan, on every scan's path). */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/** The hash of a whole list: over its entities' (source id, content hash) pairs in source-id order. */
export function listContentHash(entityHashes: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const id of [...entityHashes.keys()].sort()) hash.update(`${id}\t${entityHashes.get(id)}\n`);
  return hash.digest('hex');
}
