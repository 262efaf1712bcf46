/**
 * The Trust Score methodology documents, kept in the repository (`docs/methodology/<version>.md`, with
 * their changelog) and served by the API, so a score can always be traced to the rules that made it.
 * The current version's document holds a marker where the weights and rules table is rendered from
 * methodology-rules.ts, the same table the scorer reads, so the served rules and the scores cannot drift.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHODOLOGY_VERSION, rulesTableMarkdown } from './methodology-rules';
import { PROJECT_ROOT } from '../../project-root';

const DOCUMENTS_DIR = join(PROJECT_ROOT, 'docs', 'methodology');

/** Every published version, oldest first; only the current one is computed today. */
export const PUBLISHED_VERSIONS = ['v1.1', METHODOLOGY_VERSION] as const;

/** Where the current document's weights and rules table is rendered. */
export const RULES_TABLE_MARKER = '<!-- rules-table: rendered from src/modules/trust/methodology-rules.ts -->';

const cache = new Map<string, string>();

/** The Markdown of a published version, or undefined for a version we never published. */
export function methodologyDocument(version: string): string | undefined {
  if (!(PUBLISHED_VERSIONS as readonly string[]).includes(version)) return undefined;
  let text = cache.get(version);
  if (text === undefined) {
    text = readFileSync(join(DOCUMENTS_DIR, `${version}.md`), 'utf8');
    if (version === METHODOLOGY_VERSION) text = text.replace(RULES_TABLE_MARKER, rulesTableMarkdown());
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
