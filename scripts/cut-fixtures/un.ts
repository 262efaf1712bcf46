import { readFileSync, writeFileSync } from 'node:fs';

/** A UN record as published: its element name and the exact text of the element. */
export interface UnBlock {
  kind: 'INDIVIDUAL' | 'ENTITY';
  text: string;
}

/** Splits the UN consolidated XML into its INDIVIDUAL and ENTITY elements, text untouched. */
export function unBlocks(xml: string): UnBlock[] {
  return [...xml.matchAll(/<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g)].map((match) => ({
    kind: match[1] as UnBlock['kind'],
    text: match[0],
  }));
}

/** For each case, the first `take` blocks of that kind matching the pattern (each block once). */
export function pickBlocks(blocks: UnBlock[], cases: ReadonlyArray<readonly [UnBlock['kind'], RegExp, number]>): UnBlock[] {
  const picked = new Set<UnBlock>();
  for (const [kind, pattern, take] of cases) {
    blocks.filter((block) => block.kind === kind && pattern.test(block.text)).slice(0, take).forEach((block) => picked.add(block));
  }
  return blocks.filter((block) => picked.has(block));
}

/** A consolidated-list document holding only these records, laid out as the UN lays it out. */
export function unDocument(head: string, blocks: UnBlock[]): string {
  const section = (kind: UnBlock['kind']) =>
    blocks.filter((block) => block.kind === kind).map((block) => `    ${block.text}\n`).join('');
  return `${head}  <INDIVIDUALS>\n${section('INDIVIDUAL')}  </INDIVIDUALS>\n  <ENTITIES>\n${section('ENTITY')}  </ENTITIES>\n</CONSOLIDATED_LIST>`;
}

/** The XML declaration and root start tag, exactly as published. */
export function unHead(xml: string): string {
  const end = xml.indexOf('<INDIVIDUALS>');
  return xml.slice(0, xml.lastIndexOf('\n', end) + 1);
}

/** Cuts the UN list: records chosen to cover every date-of-birth form, alias quality and record part. */
export function cutUn(sharedDir: string, outDir: string): string[] {
  const xml = readFileSync(`${sharedDir}/un/consolidated-2026-02-27.xml`, 'utf8');
  const blocks = unBlocks(xml);
  const picked = pickBlocks(blocks, [
    ['INDIVIDUAL', /<TYPE_OF_DATE>EXACT<\/TYPE_OF_DATE>\s*<DATE>/, 2],
    ['INDIVIDUAL', /<TYPE_OF_DATE>EXACT<\/TYPE_OF_DATE>\s*<YEAR>\d{4}<\/YEAR>\s*<\/INDIVIDUAL_DATE_OF_BIRTH>/, 1],
    ['INDIVIDUAL', /<TYPE_OF_DATE>APPROXIMATELY<\/TYPE_OF_DATE>\s*<YEAR>/, 1],
    ['INDIVIDUAL', /<TYPE_OF_DATE>BETWEEN<\/TYPE_OF_DATE>/, 2],
    ['INDIVIDUAL', /<TYPE_OF_DATE>EXACT<\/TYPE_OF_DATE>\s*<NOTE>/, 1],
    ['INDIVIDUAL', /<YEAR>\d{4}<\/YEAR>\s*<NOTE>/, 1],
    ['INDIVIDUAL', /30-35 years old|24\/06\/1402/, 2],
    ['INDIVIDUAL', /<TYPE_OF_DATE\s*\/>/, 1],
    ['INDIVIDUAL', /<NAME_ORIGINAL_SCRIPT>/, 2],
    ['INDIVIDUAL', /<GENDER>Female<\/GENDER>/, 1],
    ['INDIVIDUAL', /<GENDER>Male<\/GENDER>/, 1],
    ['INDIVIDUAL', /<QUALITY>Low<\/QUALITY>/, 1],
    ['INDIVIDUAL', /<TYPE_OF_DOCUMENT>Passport<\/TYPE_OF_DOCUMENT>/, 1],
    ['INDIVIDUAL', /<ALIAS_NAME>[^<]*<\/ALIAS_NAME>\s*<DATE_OF_BIRTH>/, 1],
    ['INDIVIDUAL', /<FOURTH_NAME>/, 1],
    ['ENTITY', /<QUALITY>a\.k\.a\.<\/QUALITY>/, 3],
    ['ENTITY', /<QUALITY>f\.k\.a\.<\/QUALITY>/, 3],
    ['ENTITY', /<ENTITY_ADDRESS>\s*<STREET>/, 3],
    ['ENTITY', /<UN_LIST_TYPE>DPRK<\/UN_LIST_TYPE>/, 2],
  ]);
  writeFileSync(`${outDir}/consolidated.xml`, unDocument(unHead(xml), picked));
  const count = (kind: UnBlock['kind']) => picked.filter((block) => block.kind === kind).length;
  return [`un: ${count('INDIVIDUAL')} individuals, ${count('ENTITY')} entities`];
}
