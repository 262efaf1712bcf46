/** The register refresh workflow's contract (`register-<source>-<time>`, Schedules `register-<source>`). */
import type { RegisterSource } from '../../src/modules/registers/register-catalogue';

export type { RegisterLoadOutcome } from '../../src/modules/registers/register-load.store';

export type RegisterRefreshInput = { source: RegisterSource; file: string } | { source: RegisterSource; url: string };
