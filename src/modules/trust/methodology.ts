/**
 * The Trust Score methodology documents, kept in the repository (`docs/methodology/<version>.md`, with
 * their changelog) and served by the API, so a score can always be traced to the rules that made it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODOLOGY_VERSION } from './trust-score';

const DOCUMENTS_DIR = join(__dirname, '..', '..', '..', 'docs', 'methodology');

/** Every published version, oldest first; only the current one is computed today. */
export const PUBLISHED_VERSIONS = [METHODOLOGY_VERSION] as const;

const cache = new Map<string, string>();

/** The Markdown of a published version, or undefined for a version we never published. */
export function methodologyDocument(version: string): string | undefined {
  if (!(PUBLISHED_VERSIONS as readonly string[]).includes(version)) return undefined;
  let text = cache.get(version);
  if (text === undefined) {
    text = readFileSync(join(DOCUMENTS_DIR, `${version}.md`), 'utf8');
    cache.set(version, text);
  }
  return text;
}

/** Endpoint 12's answer: the current version and where its documents are. */
export function methodologyPointers(): Record<string, string> {
  return {
    methodology_version: METHODOLOGY_VERSION,
    document_url: `/v1/trust-score/methodology/${METHODOLOGY_VERSION}`,
    changelog_url: `/v1/trust-score/methodology/${METHODOLOGY_VERSION}#changelog`,
    repository_path: `docs/methodology/${METHODOLOGY_VERSION}.md`,
    published_versions: PUBLISHED_VERSIONS.join(','),
  };
}
