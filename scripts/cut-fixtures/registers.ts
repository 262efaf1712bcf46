import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Register files kept whole: each is already a small real sample of a published layout (the first rows
 * of ASIC's banned registers, the ABR bulk extract's sample records, three captured ABN Lookup answers),
 * so the tests read them byte for byte as published.
 */
const KEPT = [
  'asic_banned_persons.csv',
  'asic_banned_orgs.csv',
  'formats/abr-bulk-extract/sample_records.xml',
  'formats/abn-lookup/AbnDetails_trust_2018.json',
  'formats/abn-lookup/AcnDetails_company_2018.json',
  'formats/abn-lookup/MatchingNames_2018.json',
] as const;

/** Copies the kept register samples from the shared `registers` folder into the fixtures, same layout. */
export function copyRegisterSamples(registersDir: string, outDir: string): string[] {
  return KEPT.map((file) => {
    const target = join(outDir, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(registersDir, file), target);
    return `registers/${file}: ${statSync(target).size} bytes`;
  });
}
