/**
 * The question as retrieval weighs it: its own topic lexemes, each weighted by its rarity in the
 * knowledge base (inverse document frequency, so "report" or "business" say little and "IFTI" says a
 * lot) and covered by its own lexeme or by every lexeme of one of its expansions (an acronym's
 * spelled-out form, the term of art for an everyday phrase); and, for a question that asks for a
 * figure, the ask itself ("how long", "deadline", or a bare "When must..."), which only a stated figure
 * of the kind asked covers (see figures.ts). Coverage, the share of this weight a passage or sentence
 * covers, is what decides whether we know the answer at all and which sentence states it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { figureAskingWords, statesFigure, type FigureKind } from './figures';
import { expansionsOf, phraseExpansionsByWord } from './query-terms';
import { lexemesOf, splitSentences } from './sentences';

/** A lexeme of the question, its weight (inverse document frequency), the lexemes of each spelled-out
 *  form or term of art that also covers it, and whether it only asks for a figure ("long" in "how
 *  long"), in which case stating a figure of the kind asked is what covers it. */
export interface QuestionLexeme {
  lexeme: string;
  weight: number;
  alternatives: string[][];
  asksFigure: boolean;
}

/**
 * Whether a text (passage or sentence), given as its lexemes, covers a question lexeme; `statesAsked`:
 * whether it states the kind of figure asked (for a passage, in a sentence on the question's topic).
 */
export function covers(l: QuestionLexeme, present: Set<string>, statesAsked: boolean): boolean {
  if (l.asksFigure) return statesAsked;
  return present.has(l.lexeme) || l.alternatives.some((alt) => alt.length > 0 && alt.every((x) => present.has(x)));
}


/** The question's weighted lexemes; for a figure question whose ask is a stop word ("When must an SMR
 *  be submitted?"), the ask still counts, as much as an average word of the question. */
export async function questionLexemes(em: EntityManager, question: string, figureKinds: FigureKind[]): Promise<QuestionLexeme[]> {
  const concepts = await questionConcepts(em, question);
  const weights = await lexemeWeights(em, concepts.map((c) => c.lexeme));
  const lexemes: QuestionLexeme[] = weights.map((w, i) => ({ ...w, alternatives: concepts[i]!.alternatives, asksFigure: concepts[i]!.asksFigure }));
  if (figureKinds.length && lexemes.length && !lexemes.some((l) => l.asksFigure)) {
    lexemes.push({ lexeme: '', weight: lexemes.reduce((sum, l) => sum + l.weight, 0) / lexemes.length, alternatives: [], asksFigure: true });
  }
  return lexemes;
}

/**
 * The passages (by id) that state the kind of figure asked in a sentence holding one of the question's
 * topic words. A date in a passage about something else ("customers served on 1 July 2026") does not
 * answer "What's the deadline for reporting a suspicious client?"; "an SMR must reach AUSTRAC within
 * 3 business days" does.
 */
export async function statesFigureOnTopic(em: EntityManager, rows: { id: string; body: string }[], lexemes: QuestionLexeme[], figureKinds: FigureKind[]): Promise<Set<string>> {
  if (!figureKinds.length || !lexemes.some((l) => l.asksFigure)) return new Set();
  const candidates = rows.flatMap((row) => splitSentences(row.body).filter((text) => statesFigure(text, figureKinds)).map((text) => ({ id: row.id, text })));
  const sentenceLexemes = await lexemesOf(em, candidates.map((c) => c.text));
  const topic = lexemes.filter((l) => !l.asksFigure);
  return new Set(candidates.filter((_, i) => topic.some((l) => covers(l, new Set(sentenceLexemes[i]), false))).map((c) => c.id));
}

/** Pronouns the English stop list keeps: "apply to us" asks nothing about "us". */
const PRONOUNS = new Set(['us']);

/**
 * The question's own topic lexemes (what coverage is measured over: expansions must not inflate it,
 * and the words that only ask for a figure are answered by stating one, see figures.ts), each
 * with the lexemes of its spelled-out forms when it is an acronym, and of the term of art when it is a
 * word of an everyday phrase ("tell a customer" is covered by a passage on tipping off).
 */
async function questionConcepts(em: EntityManager, question: string): Promise<{ lexeme: string; alternatives: string[][]; asksFigure: boolean }[]> {
  const rows = await sql<{ token: string; lexeme: string | null }[]>(
    em,
    `select t.token, (select string_agg(lexeme, ' ') from unnest(to_tsvector('english', t.token))) as lexeme
       from unnest(?::text[]) as t(token)`,
    [[...new Set(question.toLowerCase().match(/[a-z0-9]+(?:\/[a-z0-9]+)?/g) ?? [])]],
  );
  const phrases = phraseExpansionsByWord(question);
  const asksFigure = figureAskingWords(question);
  const alternativesOf = (token: string) => [...expansionsOf(token), ...(phrases.get(token) ?? [])];
  const expansions = [...new Set(rows.flatMap((r) => alternativesOf(r.token)))];
  const expansionLexemes = new Map<string, string[]>();
  if (expansions.length) {
    const expanded = await sql<{ phrase: string; lexemes: string[] }[]>(
      em,
      `select p as phrase, coalesce(array(select lexeme from unnest(to_tsvector('english', p))), '{}') as lexemes from unnest(?::text[]) as p`,
      [expansions],
    );
    for (const e of expanded) expansionLexemes.set(e.phrase, e.lexemes);
  }
  const concepts = new Map<string, string[][]>();
  const figureLexemes = new Set<string>();
  for (const row of rows) {
    if (!row.lexeme || PRONOUNS.has(row.token)) continue; // a stop word
    for (const lexeme of row.lexeme.split(' ')) {
      if (asksFigure.has(row.token)) {
        figureLexemes.add(lexeme);
        continue;
      }
      const alternatives = alternativesOf(row.token).map((phrase) => expansionLexemes.get(phrase) ?? []).filter((a) => a.length > 0);
      concepts.set(lexeme, [...(concepts.get(lexeme) ?? []), ...alternatives]);
    }
  }
  // A word that asks for the figure ("how long") is not a topic word: it is covered by a stated figure.
  return [
    ...[...concepts].map(([lexeme, alternatives]) => ({ lexeme, alternatives, asksFigure: false })),
    ...[...figureLexemes].filter((l) => !concepts.has(l)).map((lexeme) => ({ lexeme, alternatives: [], asksFigure: true })),
  ];
}

/** Inverse document frequency of each lexeme in the knowledge base (absent lexemes weigh the most). */
async function lexemeWeights(em: EntityManager, lexemes: string[]): Promise<{ lexeme: string; weight: number }[]> {
  if (lexemes.length === 0) return [];
  const rows = await sql<{ lexeme: string; df: number; n: number }[]>(
    em,
    `select l as lexeme, (select count(*)::int from knowledge_passages p where p.search @@ quote_literal(l)::tsquery) as df,
            (select count(*)::int from knowledge_passages) as n
       from unnest(?::text[]) as l`,
    [lexemes],
  );
  return rows.map((r) => ({ lexeme: r.lexeme, weight: Math.log((r.n + 1) / (r.df + 0.5)) }));
}
