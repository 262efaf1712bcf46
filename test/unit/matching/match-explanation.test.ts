import { describe, expect, it } from 'vitest';
import {
  BETTER_COVERAGE_WEIGHT,
  DEFAULT_MATCH_THRESHOLD,
  INITIAL_SIMILARITY,
  MatchIndex,
  WEAK_ALIAS_FACTOR,
} from '../../../src/matching';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const zawahiri = listedEntity({
  source: 'un',
  sourceId: 'QDi.006',
  primaryName: 'Aiman Muhammed Rabi al-Zawahiri',
  aliases: [alias('Abu Fatima', { strength: 'weak' })],
});
const index = MatchIndex.build([...backgroundPopulation(), zawahiri]);
const explain = (name: string, threshold?: number) =>
  index.search({ name, entityType: 'person' }, threshold === undefined ? {} : { threshold }).matches[0]!.explanation;

describe('match explanations', () => {
  it('say which query token met which listed token, and how', () => {
    const explanation = explain('Ayman Mohamed al Zawahri');
    expect(explanation.pairings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ query: 'ayman', listed: 'aiman', how: 'phonetic' }),
        expect.objectContaining({ query: 'mohamed', listed: 'muhammed', how: 'phonetic' }),
        expect.objectContaining({ query: 'al', listed: 'al', how: 'exact', similarity: 1 }),
        expect.objectContaining({ query: 'zawahri', listed: 'zawahiri', how: 'fuzzy' }),
      ]),
    );
    for (const pairing of explanation.pairings) {
      expect(pairing.similarity).toBeGreaterThan(0);
      expect(pairing.queryWeight).toBeGreaterThan(0);
      expect(pairing.listedWeight).toBeGreaterThan(0);
    }
  });

  it('list the tokens each side has that the other lacks, with their weights and roles', () => {
    const explanation = explain('Aiman al-Zawahiri');
    expect(explanation.unmatchedQuery).toEqual([]);
    expect(explanation.unmatchedListed.map((t) => t.token)).toEqual(['muhammed', 'rabi']);
    expect(explanation.unmatchedListed.every((t) => t.role === 'name' && t.weight > 0)).toBe(true);
  });

  it('give the score components and the threshold behind the match flag', () => {
    const explanation = explain('Aiman al-Zawahiri');
    expect(explanation.components).toMatchObject({ queryCoverage: 1, betterCoverageWeight: BETTER_COVERAGE_WEIGHT, aliasFactor: 1 });
    expect(explanation.components.listedCoverage).toBeLessThan(1);
    expect(explanation.threshold).toBe(DEFAULT_MATCH_THRESHOLD);
    expect(explanation.match).toBe(explanation.score >= DEFAULT_MATCH_THRESHOLD);
    expect(explanation.summary).toContain('"aiman" = "aiman"');
    expect(explanation.summary).toContain('listed only: "muhammed", "rabi"');
    expect(explanation.summary).toMatch(/score 0\.\d{3} ≥ threshold 0\.8/);
  });

  it('show the weak-alias discount when a weak alias matched', () => {
    const explanation = explain('Abu Fatima', 0.5);
    expect(explanation.components.aliasFactor).toBe(WEAK_ALIAS_FACTOR);
    expect(explanation.summary).toContain(`weak alias ${WEAK_ALIAS_FACTOR}`);
  });

  it('credit an initial with a fraction of the name it confirms', () => {
    const pairing = explain('A. M. R. al-Zawahiri', 0.5).pairings.find((p) => p.how === 'initial');
    expect(pairing?.similarity).toBe(INITIAL_SIMILARITY);
  });

  it('flag near misses as no match when asked to report them', () => {
    const near = index.search({ name: 'Aiman Smith', entityType: 'person' }, { reportFrom: 0.3 }).matches[0]!;
    expect(near.explanation.match).toBe(false);
    expect(near.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
    expect(near.explanation.summary).toContain(`< threshold ${DEFAULT_MATCH_THRESHOLD}`);
    expect(index.search({ name: 'Aiman Smith', entityType: 'person' }).matches).toEqual([]);
  });
});
