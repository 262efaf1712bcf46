/**
 * Reads a file of AusTender OCDS release packages: either one package as the API answers it (possibly
 * pretty-printed over many lines), or NDJSON with one package per line, which is what
 * {@link fetchAustenderReleases} writes (one line per page). NDJSON is streamed line by line; a single
 * pretty-printed package is read whole (one API page is a few hundred kilobytes).
 *
 * A file that is not OCDS (not JSON, or a first package without a `releases` array) throws
 * {@link UnexpectedFormatError}. A release that gives no contract, or a later line that cannot be read,
 * is a problem located by line and position; the rest of the file is still read.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { UnexpectedFormatError } from '../listed-entity';
import { mapReleaseContracts, type AustenderContract } from './release';

export type AustenderParseEvent = { contract: AustenderContract } | { problem: { location: string; message: string } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function* releasesOf(pkg: Record<string, unknown>, where: string): Iterable<AustenderParseEvent> {
  const releases = pkg.releases as unknown[];
  for (const [index, release] of releases.entries()) {
    const id = isObject(release) && typeof release.id === 'string' ? ` (${release.id})` : '';
    const location = `${where}releases[${index}]${id}`;
    const mapped = mapReleaseContracts(release);
    if ('problem' in mapped) {
      yield { problem: { location, message: mapped.problem } };
      continue;
    }
    for (const { contract, warnings } of mapped) {
      for (const message of warnings) yield { problem: { location: `${location} ${contract.cnId}`, message } };
      yield { contract };
    }
  }
}

function tryParse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

export async function* parseAustenderFile(path: string): AsyncIterable<AustenderParseEvent> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  let packages = 0;
  /** Set when the first line is not a whole JSON value: the file is one (pretty-printed) document. */
  let document: string[] | null = null;
  try {
    for await (const raw of lines) {
      lineNo += 1;
      const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (document !== null) {
        document.push(line);
        continue;
      }
      if (line.trim() === '') continue;
      const parsed = tryParse(line);
      if (packages === 0 && parsed === undefined) {
        document = [line];
        continue;
      }
      const where = `line ${lineNo} `;
      if (parsed === undefined) {
        yield { problem: { location: `line ${lineNo}`, message: 'not valid JSON (a truncated page?)' } };
        continue;
      }
      if (!isObject(parsed) || !Array.isArray(parsed.releases)) {
        if (packages === 0) throw new UnexpectedFormatError('austender', `line ${lineNo} is not an OCDS release package (no releases array)`);
        yield { problem: { location: `line ${lineNo}`, message: 'not an OCDS release package (no releases array)' } };
        continue;
      }
      packages += 1;
      yield* releasesOf(parsed, where);
    }
  } finally {
    lines.close();
  }
  if (document !== null) {
    const parsed = tryParse(document.join('\n'));
    if (parsed === undefined) throw new UnexpectedFormatError('austender', 'the file is neither an OCDS release package nor NDJSON of packages (not valid JSON)');
    if (!isObject(parsed) || !Array.isArray(parsed.releases)) throw new UnexpectedFormatError('austender', 'not an OCDS release package (no releases array)');
    yield* releasesOf(parsed, '');
    return;
  }
  if (packages === 0) throw new UnexpectedFormatError('austender', 'the file is empty');
}
