/**
 * Reading job payloads field by field, whatever the service: a payload is flattened to path → scalar
 * (`name`, `abn`, `risk_profile.profession`, `services_offered[0]`), so the enumeration rules find the
 * field a script varies without knowing each service's schema.
 */
import { ENUMERATION_EXEMPT_FIELDS } from './thresholds';

export type Scalar = string | number | boolean | null;

/** Flattens a payload to its leaves; keys are visited in sorted order so equal payloads flatten alike. */
export function flattenPayload(payload: Record<string, unknown>): Map<string, Scalar> {
  const leaves = new Map<string, Scalar>();
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value).sort()) visit((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    } else if (value === undefined) return;
    else leaves.set(path, value as Scalar);
  };
  visit(payload, '');
  return leaves;
}

/** JSON with object keys sorted at every level: two payloads asking the same thing serialise alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Paging and slicing fields of a feed never count as enumeration (see ENUMERATION_EXEMPT_FIELDS). */
export function isExemptField(path: string): boolean {
  const last = path.replace(/\[\d+\]$/, '').split('.').pop() ?? path;
  return ENUMERATION_EXEMPT_FIELDS.includes(last);
}

/** Text as a person would compare it: no accents, no case, punctuation and spacing as single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A value that reads as a name or other text: a string with at least one letter. */
export const isText = (value: Scalar): value is string => typeof value === 'string' && /\p{L}/u.test(value);

/**
 * The position of an identifier on its number line, or undefined when the value is not an integer
 * identifier. An 11-digit value is taken as an ABN and compared by its last nine digits: its two
 * leading check digits change by anything between neighbouring numbers.
 */
export function identifierOrdinal(value: Scalar): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  return Number(digits.length === 11 ? digits.slice(2) : digits);
}
