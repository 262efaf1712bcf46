/**
 * Turning zod results into the spec's 422 shape. `loc` starts with where the value came from
 * (`body`, `query`, `path`) followed by the field path, so a client can point at the exact field.
 */
import type { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors';
import { unstorableTextIssue } from './unstorable-text';

export type InputPlace = 'body' | 'query' | 'path' | 'header';

/** zod issues → spec issues; `type` is zod's issue code, stable enough for machines to branch on. */
export function toValidationIssues(place: InputPlace, issues: z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const loc = [place, ...issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))];
    // One issue per unknown field, located at the field itself, so a client sees exactly what to remove.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ loc: [...loc, key], msg: `Unknown field "${key}"`, type: 'unrecognized_key' }));
    }
    return [{ loc, msg: issue.message, type: issue.code }];
  });
}

/** Parses `value` with `schema` or throws a ValidationError located at `place`; text the database cannot store is refused first. */
export function parseInput<S extends z.ZodType>(place: InputPlace, schema: S, value: unknown): z.output<S> {
  const unstorable = unstorableTextIssue(place, value);
  if (unstorable) throw new ValidationError([unstorable]);
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(toValidationIssues(place, result.error.issues));
  return result.data;
}
