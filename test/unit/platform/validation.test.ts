import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../src/errors';
import { parseInput } from '../../../src/http/validation';

describe('parseInput', () => {
  const schema = z.object({ name: z.string().min(1), items: z.array(z.object({ code: z.string().length(2) })) });

  it('returns the parsed value when valid', () => {
    expect(parseInput('body', schema, { name: 'A', items: [{ code: 'AU' }] })).toEqual({ name: 'A', items: [{ code: 'AU' }] });
  });

  it('locates every problem with its place first, array indexes as numbers', () => {
    let error: ValidationError | undefined;
    try {
      parseInput('body', schema, { name: '', items: [{ code: 'AU' }, { code: 'AUS' }] });
    } catch (err) {
      error = err as ValidationError;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.issues.map((i) => i.loc)).toEqual([
      ['body', 'name'],
      ['body', 'items', 1, 'code'],
    ]);
    expect(error!.issues[0]!.type).toBe('too_small');
  });
});
