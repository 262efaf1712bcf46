/**
 * The sealed question set is only worth its figure if every expected fact is something the knowledge
 * base actually states on an expected page: otherwise a "miss" would be the set's fault, not the
 * engine's. Failures name questions by index only, so this test never spells out sealed questions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readKnowledgeBase } from '../../../src/modules/ask/knowledge-files';

const sealed = parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ask', 'sealed-questions.yaml'), 'utf8')) as {
  answerable: { question: string; context?: string; expect: string[]; facts: string[][] }[];
  should_refuse: { question: string }[];
};

describe('the sealed ask question set', () => {
  it('holds at least 60 questions, both answerable and should-refuse, none asked twice', () => {
    expect(sealed.answerable.length + sealed.should_refuse.length).toBeGreaterThanOrEqual(60);
    expect(sealed.answerable.length).toBeGreaterThan(0);
    expect(sealed.should_refuse.length).toBeGreaterThan(0);
    const questions = [...sealed.answerable, ...sealed.should_refuse].map((q) => q.question.toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
    const tuning = parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ask', 'questions.yaml'), 'utf8')) as Record<'in_scope' | 'out_of_scope', { question: string }[]>;
    const tuned = new Set([...tuning.in_scope, ...tuning.out_of_scope].map((q) => q.question.toLowerCase()));
    expect(questions.filter((q) => tuned.has(q)).length, 'sealed questions also in the tuning set').toBe(0);
  });

  it('states every expected fact on one of the expected pages of the knowledge base', () => {
    const bodies = new Map<string, string[]>();
    for (const p of readKnowledgeBase()) bodies.set(p.url, [...(bodies.get(p.url) ?? []), p.body.toLowerCase()]);
    const ungrounded: string[] = [];
    sealed.answerable.forEach((item, index) => {
      expect(item.facts.length, `answerable #${index} has facts`).toBeGreaterThan(0);
      for (const url of item.expect) if (!bodies.has(url)) ungrounded.push(`#${index}: no passage at an expected URL`);
      const texts = item.expect.flatMap((url) => bodies.get(url) ?? []);
      for (const fact of item.facts) if (!fact.some((alt) => texts.some((t) => t.includes(alt.toLowerCase())))) ungrounded.push(`#${index}: a fact is on no expected page`);
    });
    expect(ungrounded).toEqual([]);
  });
});
