/** Writes small lists in OpenSanctions' targets.simple.csv layout, for tests that need a list to change. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HEADER = '"id","schema","name","aliases","birth_date","countries","addresses","identifiers","sanctions","phones","emails","program_ids","dataset","first_seen","last_seen","last_change"';

export interface SyntheticTarget {
  id: string;
  schema: 'Person' | 'Company';
  name: string;
  birthDate?: string;
  countries?: string;
}

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

export function writeSimpleCsv(targets: SyntheticTarget[], fileName = 'targets.simple.csv'): string {
  const dir = mkdtempSync(join(tmpdir(), 'list-'));
  const path = join(dir, fileName);
  const lines = targets.map((t) =>
    [t.id, t.schema, t.name, '', t.birthDate ?? '', t.countries ?? '', '', '', '', '', '', '', 'Test dataset', '2026-01-01T00:00:00', '2026-01-01T00:00:00', '2026-01-01T00:00:00'].map(quote).join(','),
  );
  writeFileSync(path, `${HEADER}\n${lines.join('\n')}\n`);
  return path;
}
