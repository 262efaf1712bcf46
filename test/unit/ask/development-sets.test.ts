/**
 * The development sets are only worth their figures if every expected fact is something the knowledge
 * base states on an expected page, and if no question is also in another set (a question tuned on in
 * one set would not be fresh in the next, and must never be in the sealed one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readKnowledgeBase } from '../../../src/modules/ask/knowledge-files';

interface FactSet {
  answerable: { question: string; context?: string; expect: string[]; facts: string[][] }[];
  should_refuse: { question: string }[];
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'ask');
const read = (file: string) => parse(readFileSync(join(FIXTURES, file), 'utf8')) as FactSet;
const DEVELOPMENT = ['dev-questions.yaml', 'dev2-questions.yaml', 'dev3-questions.yaml'];
const questionsOf = (set: FactSet) => [...set.answerable, ...set.should_refuse].map((q) => q.question.toLowerCase());

describe.each(DEVELOPMENT)('the development set %s', (file) => {
  const set = read(file);

  it('holds at least 60 answerable questions and 20 to refuse, none asked twice or asked in another set', () => {
    expect(set.answerable.length).toBeGreaterThanOrEqual(60);
    expect(set.should_refuse.length).toBeGreaterThanOrEqual(20);
    const own = questionsOf(set);
    expect(new Set(own).size).toBe(own.length);
    const tuning = parse(readFileSync(join(FIXTURES, 'questions.yaml'), 'utf8')) as Record<'in_scope' | 'out_of_scope', { question: string }[]>;
    const others = new Set([
      ...[...tuning.in_scope, ...tuning.out_of_scope].map((q) => q.question.toLowerCase()),
      ...DEVELOPMENT.filter((f) => f !== file).flatMap((f) => questionsOf(read(f))),
      ...questionsOf(read('sealed-questions.yaml')),
    ]);
    // Counted, not listed: a match with the sealed set must not spell out a sealed question.
    expect(own.filter((q) => others.has(q)).length).toBe(0);
  });

  it('states every expected fact on one of the expected pages of the knowledge base', () => {
    const bodies = new Map<string, string[]>();
    for (const p of readKnowledgeBase()) bodies.set(p.url, [...(bodies.get(p.url) ?? []), p.body.toLowerCase().replace(/\s+/g, ' ')]);
    const ungrounded: string[] = [];
    for (const item of set.answerable) {
      for (const url of item.expect) if (!bodies.has(url)) ungrounded.push(`${item.question}: no passage at ${url}`);
      const texts = item.expect.flatMap((url) => bodies.get(url) ?? []);
      for (const fact of item.facts) {
        if (!fact.some((alt) => texts.some((t) => t.includes(alt.toLowerCase().replace(/\s+/g, ' '))))) ungrounded.push(`${item.question}: ${fact.join(' | ')}`);
      }
    }
    expect(ungrounded).toEqual([]);
  });
});
