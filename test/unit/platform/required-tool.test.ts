import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram, requireProgram } from '../../helpers/required-tool';

describe("a test's precondition on a program", () => {
  it('finds an executable on the given PATH', () => {
    const dir = mkdtempSync(join(tmpdir(), 'required-tool-'));
    writeFileSync(join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findProgram('tool', `/nonexistent:${dir}`)).toBe(join(dir, 'tool'));
    expect(findProgram('missing-tool', dir)).toBeUndefined();
  });

  it('fails with a sentence saying what to install', () => {
    expect(() => requireProgram('no-such-program-here', { for: 'for the outage tests', install: 'apt-get install util-linux' }, '/nonexistent'))
      .toThrow('`no-such-program-here` is needed for the outage tests but was not found on PATH: install it with `apt-get install util-linux`');
  });
});
