import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedCliPath, goBinary, resolveTemporalCli } from '../../../src/platform/temporal/cli-binary';

function fakeBinary(dir: string, name = 'temporal'): string {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\necho fake\n');
  chmodSync(path, 0o755);
  return path;
}

describe('resolveTemporalCli', () => {
  it('prefers TEMPORAL_CLI_PATH over everything else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-'));
    const explicit = fakeBinary(dir, 'my-temporal');
    const onPath = mkdtempSync(join(tmpdir(), 'cli-path-'));
    fakeBinary(onPath);
    const cli = await resolveTemporalCli({ cliPath: explicit, allowBuild: false, env: { PATH: onPath } });
    expect(cli).toEqual({ kind: 'path', path: explicit, foundBy: 'TEMPORAL_CLI_PATH' });
  });

  it('refuses a TEMPORAL_CLI_PATH that is not executable, rather than silently using another', async () => {
    await expect(resolveTemporalCli({ cliPath: '/nonexistent/temporal', allowBuild: false, env: {} })).rejects.toThrow(/not an executable/);
  });

  it('uses `temporal` on PATH next', async () => {
    const onPath = mkdtempSync(join(tmpdir(), 'cli-path-'));
    const binary = fakeBinary(onPath);
    const cli = await resolveTemporalCli({ allowBuild: false, env: { PATH: `/nonexistent:${onPath}` } });
    expect(cli).toEqual({ kind: 'path', path: binary, foundBy: 'PATH' });
  });

  it('keys the per-user cache by CLI version', () => {
    expect(cachedCliPath({ XDG_CACHE_HOME: '/c' })).toBe('/c/compliance-intelligence/temporal-v1.5.1');
  });
});

describe('goBinary', () => {
  it('finds Go under GOROOT when a fresh shell has no Go on PATH', () => {
    const goroot = mkdtempSync(join(tmpdir(), 'goroot-'));
    mkdirSync(join(goroot, 'bin'));
    const go = fakeBinary(join(goroot, 'bin'), 'go');
    expect(goBinary({ PATH: '/nonexistent', GOROOT: goroot })).toBe(go);
  });

  it('prefers go on PATH', () => {
    const onPath = mkdtempSync(join(tmpdir(), 'go-path-'));
    const go = fakeBinary(onPath, 'go');
    expect(goBinary({ PATH: onPath, GOROOT: '/nonexistent' })).toBe(go);
  });
});
