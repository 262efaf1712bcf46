/**
 * The tuning question set's expected facts are what fact answers are tuned against, so each must be
 * something the knowledge base states on one of the question's expected pages: a fact no page states
 * would reward an answer for text it cannot contain. The figure questions people ask most (deadlines,
 * thresholds, dates, enrolment, record keeping, PEP and foreign customers) must be covered by facts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { figureKindsAsked } from '../../../src/modules/ask/figures';
import { readKnowledgeBase } from '../../../src/modules/ask/knowledge-files';

const tuning = parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ask', 'questions.yaml'), 'utf8')) as {
  in_scope: { question: string; expect: string[]; facts?: string[][] }[];
  out_of_scope: { question: string }[];
};

describe('the tuning ask question set', () => {
  const withFacts = tuning.in_scope.filter((q) => q.facts);

  it('states every expected fact on one of the expected pages of the knowledge base', () => {
    const bodies = new Map<string, string[]>();
    for (const p of readKnowledgeBase()) bodies.set(p.url, [...(bodies.get(p.url) ?? []), p.body.toLowerCase()]);
    const ungrounded: string[] = [];
    for (const item of withFacts) {
      const texts = item.expect.flatMap((url) => bodies.get(url) ?? []);
      for (const fact of item.facts!) if (!fact.some((alt) => texts.some((t) => t.includes(alt.toLowerCase())))) ungrounded.push(`${item.question}: ${fact.join(' | ')}`);
    }
    expect(ungrounded).toEqual([]);
  });

  it('gives facts to the questions that ask for a figure, across the kinds people ask', () => {
    const figureQuestions = tuning.in_scope.filter((q) => figureKindsAsked(q.question).length > 0);
    expect(figureQuestions.filter((q) => q.facts).length / figureQuestions.length).toBeGreaterThan(0.8);
    const asked = (pattern: RegExp) => withFacts.filter((q) => pattern.test(q.question)).length;
    expect(asked(/\b(deadline|how long|how many (business )?days|by when|by what date|due)\b/i), 'deadlines').toBeGreaterThanOrEqual(10);
    expect(asked(/\b(threshold|amount|how much|penalty|fine|percentage|\$)/i), 'thresholds and amounts').toBeGreaterThanOrEqual(8);
    expect(asked(/\b(when did|what date|from what date|royal assent|when does .* end)\b/i), 'dates').toBeGreaterThanOrEqual(5);
    expect(asked(/\benrol/i), 'enrolment').toBeGreaterThanOrEqual(5);
    expect(asked(/\b(keep|retention)\b.*\brecords?\b|\brecords?\b.*\bkeep\b/i), 'record keeping').toBeGreaterThanOrEqual(5);
    expect(asked(/\b(PEP|politician|minister|ambassador|foreign|overseas|FATF)\b/i), 'PEP and foreign customers').toBeGreaterThanOrEqual(5);
  });

  it('asks nothing twice', () => {
    const questions = [...tuning.in_scope, ...tuning.out_of_scope].map((q) => q.question.toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
  });
});
