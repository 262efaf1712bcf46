/**
 * Sentences of a passage, and their lexemes as PostgreSQL's English configuration reads them. Both
 * retrieval (does the sentence that states a figure speak of the question's topic?) and the extractive
 * answer (which sentences to quote) look at a passage sentence by sentence.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

const segmenter = new Intl.Segmenter('en-AU', { granularity: 'sentence' });

/** A passage's sentences, trimmed, as the Unicode sentence rules split them. */
export function splitSentences(text: string): string[] {
  return [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s.length > 0);
}

/** The English lexemes of each text, in order, in one round trip. */
export async function lexemesOf(em: EntityManager, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const rows = await sql<{ i: number; lexemes: string[] }[]>(
    em,
    `select (t.i - 1)::int as i, tsvector_to_array(to_tsvector('english', t.s)) as lexemes from unnest(?::text[]) with ordinality as t(s, i)`,
    [texts],
  );
  const out: string[][] = texts.map(() => []);
  for (const row of rows) out[row.i] = row.lexemes;
  return out;
}
