import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentSchema } from '../../../src/config';

describe('.env.example', () => {
  const documented = new Set(
    readFileSync(join(__dirname, '..', '..', '..', '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );

  it('documents every variable the config schema reads, and nothing else', () => {
    const read = Object.keys(environmentSchema.shape).sort();
    expect([...documented].sort()).toEqual(read);
  });
});
