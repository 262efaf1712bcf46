import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../../src/matching';
import type { MatchQuery } from '../../../src/matching';
import { buildIndexOffThread } from '../../../src/modules/screening/index-build';
import { EntityText } from '../../../src/matching/index/entity-text';
import { encodeIndexImage } from '../../../src/matching/index/index-image';
import { hydrateIndexImage } from '../../../src/matching/index/index-image-hydration';
import { loadTrapListEntities } from '../matching/trap-lists-index';

/** Listed names as customers type them: exact, misspelt, reordered, in another script, and unlisted names. */
function queriesFor(entities: Awaited<ReturnType<typeof loadTrapListEntities>>): MatchQuery[] {
  const queries: MatchQuery[] = [];
  entities.forEach((entity, i) => {
    if (i % 7 !== 0) return;
    const entityType = entity.kind === 'person' ? 'person' : 'organisation';
    const name = entity.primaryName;
    queries.push({ name, entityType });
    queries.push({ name: name.split(' ').reverse().join(' '), entityType });
    if (name.length > 6) queries.push({ name: name.slice(0, 3) + name.slice(4), entityType });
    const alias = entity.aliases[0];
    if (alias) queries.push({ name: alias.name, entityType });
  });
  queries.push(
    { name: 'محمد حسن', entityType: 'person' },
    { name: 'Volodymyr Zelensky', entityType: 'person' },
    { name: 'Sarah Louise Mitchell', entityType: 'person' },
    { name: 'Harbour Logistics Pty Ltd', entityType: 'organisation' },
    { name: 'Kim Jong Un; Mohammed Hasan', entityType: 'person' },
  );
  return queries;
}

describe('an index built in a worker thread', () => {
  it('answers every query exactly as the index built on this thread', async () => {
    const entities = await loadTrapListEntities();
    const here = MatchIndex.build(entities);
    const { index: there, timings } = await buildIndexOffThread({ from: 'entities', entities });
    expect(timings.entities).toBe(entities.length);
    expect(there).toBeInstanceOf(MatchIndex);
    expect(there.stats).toEqual(here.stats);
    const queries = queriesFor(entities);
    expect(queries.length).toBeGreaterThan(200);
    let matched = 0;
    for (const query of queries) {
      const expected = here.search(query, { reportFrom: 0.5 });
      expect(there.search(query, { reportFrom: 0.5 }), query.name).toEqual(expected);
      if (expected.matches.length > 0) matched++;
    }
    expect(matched).toBeGreaterThan(queries.length / 2); // the comparison covers real matches, not only empty answers
  }, 120_000);

  it('carries every entity whole, in any script, as bytes until read, and an index that arrived travels again', async () => {
    const entities = await loadTrapListEntities();
    const scripts = entities.filter((e) => [...JSON.stringify(e)].some((char) => char.codePointAt(0)! > 0x7f));
    expect(scripts.length).toBeGreaterThan(0); // multi-byte texts: their byte offsets are what is tested
    const read = (slots: readonly unknown[]) => slots.map((slot) => (slot instanceof EntityText ? slot.entity() : slot));
    const { index: arrived } = await hydrateIndexImage(encodeIndexImage(MatchIndex.build(entities)).image, Infinity);
    expect(arrived.entitySlots().every((slot) => slot instanceof EntityText)).toBe(true);
    expect(read(arrived.entitySlots())).toEqual(entities);
    const { index: again } = await hydrateIndexImage(encodeIndexImage(arrived).image, Infinity);
    expect(read(again.entitySlots())).toEqual(entities);
  }, 120_000);

  it('arrives in slices: the request thread is never held for the whole hydration', async () => {
    const entities = await loadTrapListEntities();
    const { timings } = await buildIndexOffThread({ from: 'entities', entities }, 1);
    expect(timings.hydration.slices).toBeGreaterThan(1);
    expect(timings.hydration.longestSliceMs).toBeLessThan(timings.hydration.totalMs);
  }, 120_000);

  it.runIf(process.platform === 'linux')('builds on a thread that has lowered its own priority, leaving the request thread\'s as it was', async () => {
    const entities = (await loadTrapListEntities()).slice(0, 50);
    const before = getPriority();
    const lower = Math.min(before + 3, 19);
    const { timings } = await buildIndexOffThread({ from: 'entities', entities, nice: lower });
    expect(timings.nice).toBe(lower);
    expect(getPriority()).toBe(before);
    // Only ever lowered: asked for more priority than it started with (its creator's), it keeps that.
    if (before > 0) {
      const { timings: unraised } = await buildIndexOffThread({ from: 'entities', entities, nice: before - 1 });
      expect(unraised.nice).toBe(before);
    }
  }, 60_000);

  it('fails with the worker\'s reason when the build cannot be done', async () => {
    await expect(buildIndexOffThread({ from: 'database', db: { url: 'postgres://nobody@127.0.0.1:1/none' }, versionIds: ['x'] })).rejects.toThrow(/index build worker failed/);
  }, 60_000);
});
