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
import { expansionsOf, phraseExpansionsByWord, phrasesIn } from './query-terms';
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
  const alternatives = [...new Map(concepts.flatMap((c) => c.alternatives).map((alt) => [alt.join(' '), alt])).values()];
  const weights = await lexemeWeights(em, [...concepts.map((c) => [c.lexeme]), ...alternatives]);
  const weightOf = new Map(weights.map((w) => [w.lexemes.join(' '), w.weight]));
  const unused = new Set(weights.filter((w) => w.df === 0).map((w) => w.lexemes.join(' ')));
  const lexemes: QuestionLexeme[] = concepts.map((c) => ({
    ...c,
    weight: unused.has(c.lexeme) ? weightCoveredBy(weightOf.get(c.lexeme)!, c.alternatives, weightOf) : weightOf.get(c.lexeme)!,
  }));
  if (figureKinds.length && lexemes.length && !lexemes.some((l) => l.asksFigure)) {
    lexemes.push({ lexeme: '', weight: lexemes.reduce((sum, l) => sum + l.weight, 0) / lexemes.length, alternatives: [], asksFigure: true });
  }
  return lexemes;
}

/**
 * The weight of a word the passages never use ("Singapore", "brother"): it is covered only by its
 * alternatives ("foreign", "immediate family member"), so it weighs as much as its rarest alternative
 * (the rarity of the passages holding all of that alternative's words), not as much as a word no
 * passage holds: else any passage saying "foreign" would cover the question's heaviest word. A word the
 * passages do use keeps its own rarity ("documents" is not as common as its alternative "records").
 */
function weightCoveredBy(own: number, alternatives: string[][], weightOf: Map<string, number>): number {
  if (!alternatives.length) return own;
  return Math.min(own, Math.max(...alternatives.map((alt) => weightOf.get(alt.join(' ')) ?? own)));
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

/**
 * Words that are not what a question is about: a pronoun the English stop list keeps ("apply to us"),
 * and the chat of a typed question ("like", "actually", "a couple of days"). The passages never use
 * chat, so by rarity alone it would weigh the most and sink every passage's coverage.
 */
const NOT_TOPIC_WORDS = new Set([
  'us', 'like', 'actually', 'actual', 'really', 'basically', 'literally', 'couple', 'stuff', 'thing', 'things', 'guys', 'please', 'thanks',
  'hi', 'hello', 'hey', 'wondering', 'wonder', 'quick', 'question', 'questions', 'bit', 'lot', 'lots', 'pretty', 'maybe', 'ok', 'okay', 'yeah',
  'anyone', 'someone', 'somebody', 'wtf', 'lol', 'ah', 'um', 'mate', 'cheers',
  // Where a thing or person is ("money sitting in our trust account", "our AML lead sits in London").
  'sit', 'sits', 'sitting',
  // Contractions typed without the apostrophe, which withoutContractions cannot see.
  'dont', 'doesnt', 'didnt', 'cant', 'wont', 'isnt', 'arent', 'im', 'ive', 'youre', 'theyre', 'whats', 'hows',
]);

/** A year ("from 1 July 2026") is a topic; the asker's other figures ("9,800", "12k") are not: a passage
 *  holding "9" or "500" says nothing about them, and one that holds none is no worse for it. */
const notATopicFigure = (lexeme: string) => /^\d/.test(lexeme) && !/^(19|20)\d\d$/.test(lexeme);

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
    if (!row.lexeme || NOT_TOPIC_WORDS.has(row.token)) continue; // a stop word
    for (const lexeme of row.lexeme.split(' ')) {
      if (asksFigure.has(row.token)) {
        figureLexemes.add(lexeme);
        continue;
      }
      if (notATopicFigure(lexeme)) continue;
      const alternatives = alternativesOf(row.token).map((phrase) => expansionLexemes.get(phrase) ?? []).filter((a) => a.length > 0);
      concepts.set(lexeme, [...(concepts.get(lexeme) ?? []), ...alternatives]);
    }
  }
  // A phrase of stop words only ("just under") has no word to hang its terms of art on: it is a concept
  // of its own, under a name no passage holds, covered only by its terms of art ("structuring").
  const lexemeOf = new Map(rows.map((r) => [r.token, r.lexeme]));
  for (const [phrase, expansions] of phrasesIn(question)) {
    if (phrase.split(' ').some((word) => lexemeOf.get(word))) continue;
    concepts.set(phrase.replaceAll(' ', '_'), expansions.map((e) => expansionLexemes.get(e) ?? []).filter((a) => a.length > 0));
  }
  // A word that asks for the figure ("how long") is not a topic word: it is covered by a stated figure.
  return [
    ...[...concepts].map(([lexeme, alternatives]) => ({ lexeme, alternatives, asksFigure: false })),
    ...[...figureLexemes].filter((l) => !concepts.has(l)).map((lexeme) => ({ lexeme, alternatives: [], asksFigure: true })),
  ];
}

/** Inverse document frequency of each group of lexemes (the passages holding all of them; absent ones weigh the most). */
async function lexemeWeights(em: EntityManager, groups: string[][]): Promise<{ lexemes: string[]; df: number; weight: number }[]> {
  if (groups.length === 0) return [];
  const rows = await sql<{ i: number; df: number; n: number }[]>(
    em,
    `select (g.i - 1)::int as i,
            (select count(*)::int from knowledge_passages p
              where p.search @@ array_to_string(array(select quote_literal(l) from unnest(string_to_array(g.lexemes, ' ')) l), ' & ')::tsquery) as df,
            (select count(*)::int from knowledge_passages) as n
       from unnest(?::text[]) with ordinality as g(lexemes, i)`,
    [groups.map((g) => g.join(' '))],
  );
  return rows.map((r) => ({ lexemes: groups[r.i]!, df: r.df, weight: Math.log((r.n + 1) / (r.df + 0.5)) }));
}
