/** Which writer loads each register's file: the one place a new register is plugged in. */
import { parseAsicBannedOrgs, parseAsicBannedPersons } from '../../sources/asic/banned';
import { parseAsicNotices } from '../../sources/asic/notices';
import { parseAustracEnforcement } from '../../sources/austrac/enforcement';
import { parseAustracReportingEntities } from '../../sources/austrac/reporting-entities';
import type { EntityManager } from '@mikro-orm/postgresql';
import { writeAbrExtract } from './abr-extract.store';
import { writeAsicCompanies } from './asic-company.store';
import { writeAustenderReleases } from './austender-release.store';
import { entriesWriter } from './register-entry.store';
import type { RegisterSource } from './register-catalogue';
import type { RegisterLoadOutcome } from './register-load.store';
import { storeRegisterFile, type LoadProgress, type RegisterWriter } from './register-file.store';

export const REGISTER_WRITERS: Record<RegisterSource, RegisterWriter> = {
  abr: writeAbrExtract,
  asic_companies: writeAsicCompanies,
  asic_banned_persons: entriesWriter('asic_banned_persons', parseAsicBannedPersons),
  asic_banned_orgs: entriesWriter('asic_banned_orgs', parseAsicBannedOrgs),
  asic_notices: entriesWriter('asic_notices', parseAsicNotices),
  austrac_enforcement: entriesWriter('austrac_enforcement', parseAustracEnforcement),
  austrac_reporting_entities: entriesWriter('austrac_reporting_entities', parseAustracReportingEntities),
  austender: writeAustenderReleases,
};

/** Loads one file of `source` as a new version (or finds it unchanged). */
export function storeRegister(
  em: EntityManager,
  source: RegisterSource,
  input: { path: string; origin: string; workflowId: string | null },
  onProgress?: (progress: LoadProgress) => void,
): Promise<RegisterLoadOutcome> {
  return storeRegisterFile(em, source, REGISTER_WRITERS[source], input, onProgress);
}
