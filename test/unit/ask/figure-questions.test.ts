/**
 * Questions about deadlines, thresholds, dates and counts: which words only ask for the figure (the
 * kinds asked and stated are in question-kinds.test.ts), what covers a question lexeme, and which
 * sentences of the answering passages are quoted.
 */
import { describe, expect, it } from 'vitest';
import { pickSentences, type ScoredSentence } from '../../../src/modules/ask/extractive-answer';
import { figureAskingWords } from '../../../src/modules/ask/figures';
import { covers, type QuestionLexeme } from '../../../src/modules/ask/question-lexemes';

describe('words that only ask for a figure', () => {
  it.each([
    ['how long do employers need to keep employee records', ['long']],
    ['How many business days do we have to lodge an SMR?', ['business', 'days', 'many']],
    ['What is the deadline for a TTR?', ['deadline']],
    ['When is the BAS due?', ['due']],
    ["What's the retention period for pay records?", ['period']],
    ['How often must the program be independently evaluated?', ['often']],
    ['How many directors must a pty ltd have?', ['many']],
    ['When is enhanced customer due diligence mandatory?', []],
    ['What is a designated service?', []],
  ] as const)('%j: %j', (question, words) => {
    expect([...figureAskingWords(question)].sort()).toEqual([...words].sort());
  });
});

describe('what covers a question lexeme', () => {
  const topic: QuestionLexeme = { lexeme: 'suspici', weight: 2.5, alternatives: [['smr']], asksFigure: false };
  const ask: QuestionLexeme = { lexeme: 'long', weight: 3.9, alternatives: [], asksFigure: true };

  it('covers a topic word by its lexeme or every lexeme of one alternative, whatever figure is stated', () => {
    expect(covers(topic, new Set(['suspici']), false)).toBe(true);
    expect(covers(topic, new Set(['smr']), false)).toBe(true);
    expect(covers(topic, new Set(['report']), true)).toBe(false);
  });

  it('covers the ask of a figure only by a stated figure of the kind asked, never by the word itself', () => {
    expect(covers(ask, new Set(['long']), false)).toBe(false);
    expect(covers(ask, new Set(), true)).toBe(true);
  });
});

describe('the sentences quoted', () => {
  // Question lexemes: 0 contract (2), 1 written (2), 2 cooling-off (3), 3 period (3).
  const weights = [2, 2, 3, 3];
  const sentence = (passageIndex: number, index: number, covered: number[], bonus = 0): ScoredSentence => ({
    passageIndex,
    index,
    text: `p${passageIndex} s${index}`,
    covered,
    score: covered.reduce((sum, i) => sum + weights[i]!, 0) + bonus,
  });

  it('quotes the best passage whole, in reading order, even its sentences that share no word with the question', () => {
    const scored = [sentence(0, 0, [0, 1]), sentence(0, 1, [0], 3), sentence(0, 2, []), sentence(0, 3, [0, 2, 3])];
    expect(pickSentences(scored, 1).map((s) => s.text)).toEqual(['p0 s0', 'p0 s1', 'p0 s2', 'p0 s3']);
  });

  it("adds each runner-up's best sentence when it scores at least 60 % of the best, once, in passage order", () => {
    const scored = [sentence(0, 0, [2, 3]), sentence(1, 0, [0, 2]), sentence(2, 0, [0]), sentence(2, 1, [1])];
    expect(pickSentences(scored, 3).map((s) => s.text)).toEqual(['p0 s0', 'p1 s0']);
  });

  it("does not quote a runner-up's sentence the best passage already holds", () => {
    const twin = { ...sentence(1, 0, [2, 3]), text: 'p0 s0' };
    expect(pickSentences([sentence(0, 0, [2, 3]), twin], 2).map((s) => s.text)).toEqual(['p0 s0']);
  });
});
