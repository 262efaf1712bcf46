/**
 * A generated answer, held to the retrieved passages: the model sees only the numbered passages and
 * must end every sentence with the numbers of the passages it rests on. Before it is returned, every
 * sentence is checked to carry at least one marker and every marker to name a passage it was given;
 * an answer that fails the check is not returned (the caller falls back to the extractive answer).
 * Markers are renumbered to the answer's citations list.
 */
import { citationsOf, splitSentences, type Citation } from './extractive-answer';
import type { RetrievedPassage } from './retrieval';

export const SYSTEM_PROMPT = [
  'You answer questions about Australian compliance obligations for compliance teams.',
  'Use ONLY the numbered passages provided. Do not add facts that are not in them.',
  'End every sentence with the number of each passage it relies on, in square brackets, like [1] or [1][2].',
  'If the passages do not answer the question, reply exactly: NOT_IN_SOURCES',
  'Answer in at most four sentences, plainly, without headings or lists.',
].join('\n');

export function userPrompt(question: string, context: string | null, passages: RetrievedPassage[]): string {
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.title} (${p.url})\n${p.body}`).join('\n\n');
  return `Passages:\n${numbered}\n\n${context ? `About the asker: ${context}\n\n` : ''}Question: ${question}`;
}

export type CheckedAnswer = { ok: true; answer: string; citations: Citation[] } | { ok: false; reason: string };

/** Checks the model's text against the passages it was given; the citations follow the markers' order. */
export function checkGeneratedAnswer(text: string, passages: RetrievedPassage[]): CheckedAnswer {
  const answer = text.trim();
  if (answer === '' || answer.includes('NOT_IN_SOURCES')) return { ok: false, reason: 'the model found no answer in the passages' };
  const used: RetrievedPassage[] = [];
  for (const sentence of splitSentences(answer)) {
    const markers = [...sentence.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    if (markers.length === 0) return { ok: false, reason: `a sentence cites no passage: ${sentence.slice(0, 80)}` };
    for (const n of markers) {
      const passage = passages[n - 1];
      if (!passage) return { ok: false, reason: `a sentence cites passage ${n}, which was not given` };
      if (!used.includes(passage)) used.push(passage);
    }
  }
  const citations = citationsOf(used);
  // Markers renumbered to the citations list ([1] is citations[0]), which cites each page once.
  const renumbered = answer.replace(/\[(\d+)\]/g, (_, n: string) => `[${citations.findIndex((c) => c.url === passages[Number(n) - 1]!.url) + 1}]`);
  return { ok: true, answer: renumbered, citations };
}
