import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { MatchIndex } from '../../src/matching';
import type { ListedEntity } from '../../src/sources/listed-entity';
import { parseListFile, type ListFile } from '../../src/sources/registry';
import { joinRecords, type RawRecord, rawRecords } from './csv-lines';
import { readDfatSheet, writeSheet } from './dfat';
import { TRAP_QUERIES } from './trap-queries';
import { unBlocks, unDocument, unHead } from './un';

/**
 * Near misses down to this score count as a trap's neighbours (the match threshold is 0.8). The three
 * sizes keep the cut's token rarities close to the full lists' (`npm run bench:full-lists` compares):
 * with the nearest 15 above 0.4 and every 60th entity, "Mariah Sanchez" met Diana Maria SANCHEZ
 * CARLON at 0.81 on the cut, against 0.79 on the full lists.
 */
const NEIGHBOUR_SCORE = 0.3;
/** The nearest this many listed entities of each query are kept. */
const NEIGHBOURS = 25;
/** Besides the neighbours, every this-many-th entity of each list, so token rarities rest on a mixed population. */
const CONTEXT_EVERY = 100;

const OFAC_EOL = '\r\n';
const DOS_EOF = '\x1a';

/** The full lists as published, read through the loaders' one entry point as the pipeline does. */
function fullLists(sharedDir: string): ListFile[] {
  return [
    { source: 'dfat', path: `${sharedDir}/dfat/consolidated-2026-02-24.xlsx` },
    { source: 'un', path: `${sharedDir}/un/consolidated-2026-02-27.xml` },
    {
      source: 'ofac',
      path: `${sharedDir}/ofac/sdn-2024-05-03.csv`,
      altPath: `${sharedDir}/ofac/alt-2026-06.csv`,
      addPath: `${sharedDir}/ofac/add-2026-06.csv`,
    },
  ];
}

/**
 * Cuts DFAT, UN and OFAC to the false-positive traps' neighbourhood: every listed entity that one of
 * the trap queries (`trap-queries.ts`) meets on the full lists with a score of at least
 * `NEIGHBOUR_SCORE` (its nearest `NEIGHBOURS`: the fifty Kims, "EMMA LLC", the Sanchezes, the listed
 * names the traps must still find), plus every `CONTEXT_EVERY`-th entity of each list as context, each
 * written back in its published format (rows, records and ALT/ADD rows as published) so the test
 * parses them with the real loaders.
 */
export async function cutTrapNeighbours(sharedDir: string, outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const entities: ListedEntity[] = [];
  for (const file of fullLists(sharedDir)) {
    for await (const event of parseListFile(file)) if ('entity' in event) entities.push(event.entity);
  }
  const index = MatchIndex.build(entities);
  const kept = new Map<string, Set<string>>([['dfat', new Set()], ['un', new Set()], ['ofac', new Set()]]);
  const keep = (source: string, sourceId: string) => kept.get(source)?.add(sourceId);
  for (const query of TRAP_QUERIES) {
    for (const match of index.search(query, { reportFrom: NEIGHBOUR_SCORE, limit: NEIGHBOURS }).matches) {
      const [source, ...rest] = match.entityId.split(':');
      keep(source!, rest.join(':'));
    }
  }
  const neighbours = [...kept.values()].reduce((sum, ids) => sum + ids.size, 0);
  for (const source of kept.keys()) {
    entities.filter((e) => e.source === source).forEach((e, i) => i % CONTEXT_EVERY === 0 && keep(source, e.sourceId));
  }

  const dfat = await readDfatSheet(`${sharedDir}/dfat/consolidated-2026-02-24.xlsx`);
  const dfatRefs = [...dfat.groups.keys()].filter((ref) => kept.get('dfat')!.has(ref));
  await writeSheet(`${outDir}/dfat-consolidated.xlsx`, dfat.header, dfatRefs.flatMap((ref) => dfat.groups.get(ref)!));

  const xml = readFileSync(`${sharedDir}/un/consolidated-2026-02-27.xml`, 'utf8');
  const reference = (text: string) => /<REFERENCE_NUMBER>\s*([^<]*?)\s*<\/REFERENCE_NUMBER>/.exec(text)?.[1] ?? '';
  const unKept = unBlocks(xml).filter((block) => kept.get('un')!.has(reference(block.text)));
  writeFileSync(`${outDir}/un-consolidated.xml`, unDocument(unHead(xml), unKept));

  const ofacRows = (name: string) =>
    rawRecords(readFileSync(`${sharedDir}/ofac/${name}`, 'utf8')).filter((r: RawRecord) => r.fields.length > 1 && kept.get('ofac')!.has(r.fields[0] ?? ''));
  const sdn = ofacRows('sdn-2024-05-03.csv');
  for (const [name, rows] of [['sdn', sdn], ['alt', ofacRows('alt-2026-06.csv')], ['add', ofacRows('add-2026-06.csv')]] as const) {
    writeFileSync(`${outDir}/ofac-${name}.csv`, joinRecords(rows, OFAC_EOL) + DOS_EOF);
  }
  return [`traps: ${neighbours} neighbours of ${TRAP_QUERIES.length} queries; with context ${dfatRefs.length} DFAT references, ${unKept.length} UN records, ${sdn.length} OFAC entries`];
}
