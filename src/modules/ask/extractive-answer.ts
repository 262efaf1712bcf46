/**
 * The default answer: sentences taken verbatim from the best passages, so every sentence of an answer
 * can be traced to the passage it came from and that passage is cited. Nothing is paraphrased and
 * nothing is added. The best passage is quoted whole; each runner-up gives its best sentence when it
 * adds something, a sentence scored by the rarity-weighted question lexemes it holds. When the question
 * asks for a figure (a deadline, a date, an amount, a count), a sentence that states one of that kind
 * scores as if it also held the question's rarest word, so a runner-up's figure is in the answer.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { statesFigure } from './figures';
import { covers } from './question-lexemes';
import type { Retrieval, RetrievedPassage } from './retrieval';
import { lexemesOf, splitSentences } from './sentences';

export interface Citation {
  url: string;
  title: string | null;
}

export interface Draft {
  answer: string;
  citations: Citation[];
  /** The passages each sentence came from, by id, in answer order. */
  sentencesFrom: string[];
}

export { splitSentences };

/** The passages worth answering from: the best, and close runners-up (at most three). */
export function answeringPassages(passages: RetrievedPassage[]): RetrievedPassage[] {
  const best = passages[0];
  if (!best) return [];
  return passages.filter((p) => p.score >= best.score * 0.8).slice(0, 3);
}

/** Cites each page once, in the order the answer first uses it. */
export function citationsOf(passages: Pick<RetrievedPassage, 'url' | 'sourceTitle'>[]): Citation[] {
  const seen = new Map<string, Citation>();
  for (const p of passages) if (!seen.has(p.url)) seen.set(p.url, { url: p.url, title: p.sourceTitle });
  return [...seen.values()];
}

/** A sentence of one of the answering passages, with the question lexemes (by index) it covers. */
export interface ScoredSentence {
  passageIndex: number;
  index: number;
  text: string;
  covered: number[];
  score: number;
}

export async function composeExtractive(em: EntityManager, retrieval: Retrieval, chosen: RetrievedPassage[]): Promise<Draft> {
  const sentences = chosen.flatMap((p, passageIndex) => splitSentences(p.body).map((text, index) => ({ passageIndex, index, text })));
  const lexemeRows = await lexemesOf(em, sentences.map((s) => s.text));
  const weights = retrieval.lexemes.map((l) => l.weight);
  const figureBonus = retrieval.figureKinds.length || retrieval.backgroundKinds.length ? Math.max(0, ...weights) : 0;
  const scored = sentences.map((s, i): ScoredSentence => {
    // A question word counts for a sentence as it does for a passage: its own lexeme, every lexeme of one
    // of its alternatives, or (a word that asks for a figure) a stated figure of the kind asked.
    const present = new Set(lexemeRows[i] ?? []);
    const statesAsked = statesFigure(s.text, retrieval.figureKinds);
    const covered = retrieval.lexemes.flatMap((l, n) => (covers(l, present, statesAsked) ? [n] : []));
    // A figure the background speaks of helps as much ("$12k in cash... by when?": the $10,000 threshold too).
    const bonus = statesAsked || statesFigure(s.text, retrieval.backgroundKinds) ? figureBonus : 0;
    return { ...s, covered, score: weightOf(covered, weights) + bonus };
  });
  const picked = pickSentences(scored, chosen.length);
  const used = [...new Set(picked.map((s) => s.passageIndex))].map((i) => chosen[i]!);
  return { answer: picked.map((s) => s.text).join(' '), citations: citationsOf(used), sentencesFrom: picked.map((s) => chosen[s.passageIndex]!.id) };
}

const weightOf = (indices: number[], weights: number[]) => indices.reduce((sum, i) => sum + weights[i]!, 0);

/**
 * The sentences to quote, in passage and reading order: the best passage whole, and each runner-up's
 * best sentence when it scores at least 60 % of the best passage's best and is not already quoted.
 *
 * The best passage is quoted whole because a passage is one idea in three to five sentences (about
 * 500 characters), and the fact a question turns on is often in the sentence that shares the fewest
 * of its words: "Does the receipt mean we're enrolled?" is answered by the sentence on the email that
 * confirms enrolment, "What do we lodge?" by the one that names the form. Two sentences chosen by the
 * question's words left such facts out.
 */
export function pickSentences(scored: ScoredSentence[], passages: number): ScoredSentence[] {
  const byScore = (a: ScoredSentence, b: ScoredSentence) => b.score - a.score || a.index - b.index;
  const picked = scored.filter((s) => s.passageIndex === 0);
  const bar = Math.max(0, ...picked.map((s) => s.score)) * 0.6;
  for (let p = 1; p < passages; p++) {
    const best = scored.filter((s) => s.passageIndex === p).sort(byScore)[0];
    if (best && best.score > 0 && best.score >= bar && !picked.some((s) => s.text === best.text)) picked.push(best);
  }
  return picked.sort((a, b) => a.passageIndex - b.passageIndex || a.index - b.index);
}
