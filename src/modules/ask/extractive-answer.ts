/**
 * The default answer: sentences taken verbatim from the best passages, so every sentence of an answer
 * can be traced to the passage it came from and that passage is cited. Nothing is paraphrased and
 * nothing is added. Each passage's sentences are scored by the rarity-weighted question lexemes they
 * hold; the best passage gives its two best sentences (and a third for the second part of a two-part
 * question), the runners-up one each when it adds something. When the question asks for a figure (a
 * deadline, a date, an amount, a count), a sentence that states one of that kind scores as if it also
 * held the question's rarest word, so the figure is in the answer.
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

/** The share of the question's weight a third sentence of the best passage must add to be included. */
export const SECOND_PART_SHARE = 0.15;

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
  const picked = pickSentences(scored, chosen.length, weights);
  const used = [...new Set(picked.map((s) => s.passageIndex))].map((i) => chosen[i]!);
  return { answer: picked.map((s) => s.text).join(' '), citations: citationsOf(used), sentencesFrom: picked.map((s) => chosen[s.passageIndex]!.id) };
}

const weightOf = (indices: number[], weights: number[]) => indices.reduce((sum, i) => sum + weights[i]!, 0);

/**
 * The sentences to quote, in passage and reading order: the best passage's two best; a third of it
 * when it answers a good share of the question the two left out (a question with two parts: "Do I
 * need a written contract, and is there a cooling-off period?"); and each runner-up's best when it
 * scores at least 60 % of the best sentence and is not already quoted.
 */
export function pickSentences(scored: ScoredSentence[], passages: number, weights: number[]): ScoredSentence[] {
  const picked: ScoredSentence[] = [];
  const byScore = (a: ScoredSentence, b: ScoredSentence) => b.score - a.score || a.index - b.index;
  const lead = scored.filter((s) => s.passageIndex === 0).sort(byScore);
  picked.push(...lead.slice(0, lead[0] && lead[0].score > 0 ? 2 : 1).filter((s, n) => n === 0 || s.score > 0));
  const answered = new Set(picked.flatMap((s) => s.covered));
  const gain = (s: ScoredSentence) => weightOf(s.covered.filter((i) => !answered.has(i)), weights);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const third = lead.filter((s) => !picked.includes(s)).sort((a, b) => gain(b) - gain(a) || byScore(a, b))[0];
  if (third && total > 0 && gain(third) >= total * SECOND_PART_SHARE) picked.push(third);
  const bar = (lead[0]?.score ?? 0) * 0.6;
  for (let p = 1; p < passages; p++) {
    const best = scored.filter((s) => s.passageIndex === p).sort(byScore)[0];
    if (best && best.score > 0 && best.score >= bar && !picked.some((s) => s.text === best.text)) picked.push(best);
  }
  return picked.sort((a, b) => a.passageIndex - b.passageIndex || a.index - b.index);
}
