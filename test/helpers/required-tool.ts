/**
 * A test's precondition on a program of this machine, stated as a sentence: when the program is
 * missing the test fails saying which Debian package to install, not with a bare ENOENT from deep in
 * a spawn (or, worse, with every test of the file quietly skipped behind a failed hook).
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Where `program` is: itself when it is a path, else the first executable of that name on PATH. */
export function findProgram(program: string, path: string = process.env.PATH ?? ''): string | undefined {
  const candidates = isAbsolute(program) ? [program] : path.split(delimiter).filter(Boolean).map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The program's path, or an error naming it, why the tests need it and the package that provides it. */
export function requireProgram(program: string, need: { for: string; install: string }, path?: string): string {
  const found = findProgram(program, path);
  if (found) return found;
  throw new Error(`\`${program}\` is needed ${need.for} but was not found on PATH: install it with \`${need.install}\``);
}
