/**
 * Register activities: loading one register file as a new version (or finding it unchanged), from a
 * path (the CLI) or downloaded first (the Schedules). A file in the wrong format or missing fails at
 * once; a database outage is waited out by the retry policy; a download that fails is retried a few
 * times and then recorded as a failed run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import type { RegisterSource } from '../src/modules/registers/register-catalogue';
import type { RegisterLoadOutcome } from '../src/modules/registers/register-load.store';
import { storeRegister } from '../src/modules/registers/register-writers';
import { fetchAustenderReleases } from '../src/sources/austender/fetch';
import { fetchListFile } from '../src/sources/common/fetch-list-file';
import { UnexpectedFormatError } from '../src/sources/listed-entity';
import type { ActivityDeps } from './deps';

export interface RegisterFileInput {
  source: RegisterSource;
  file: string;
  workflowId: string;
}

export interface RegisterDownloadInput {
  source: RegisterSource;
  url: string;
  workflowId: string;
}

const DAY_MS = 86_400_000;

/** A wrong or missing file will not get better by retrying: fail the run at once, saying why. */
function asDomainFailure(err: unknown): unknown {
  const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
  if (!isDatabaseUnavailable(err) && (err instanceof UnexpectedFormatError || missing || /malformed XML/.test(String(err)))) {
    return ApplicationFailure.nonRetryable(err instanceof Error ? err.message : String(err), missing ? 'FileNotFound' : 'UnexpectedFormat');
  }
  return err;
}

export function createRegisterActivities(deps: ActivityDeps) {
  const store = (source: RegisterSource, path: string, origin: string, workflowId: string) =>
    storeRegister(deps.orm.em.fork(), source, { path, origin, workflowId }, (progress) => Context.current().heartbeat(progress));

  return {
    async storeRegisterFile(input: RegisterFileInput): Promise<RegisterLoadOutcome> {
      try {
        return await store(input.source, input.file, `file:${input.file}`, input.workflowId);
      } catch (err) {
        throw asDomainFailure(err);
      }
    },

    /** Downloads the register (AusTender: the last few days of notices, page by page) and loads it. */
    async downloadAndStoreRegister(input: RegisterDownloadInput): Promise<RegisterLoadOutcome> {
      const path = await download(input);
      try {
        return await store(input.source, path, input.url, input.workflowId);
      } catch (err) {
        throw asDomainFailure(err);
      } finally {
        await rm(dirname(path), { recursive: true, force: true });
      }
    },
  };

  /** The register's file in a fresh temporary directory, which the caller removes. */
  async function download(input: RegisterDownloadInput): Promise<string> {
    if (input.source !== 'austender') {
      const fetched = await fetchListFile({ url: input.url, fileName: `${input.source}.download`, signal: Context.current().cancellationSignal });
      if (fetched.status !== 'downloaded') throw new Error(`unexpected ${fetched.status} answer for an unconditional download`);
      return fetched.path;
    }
    const path = join(await mkdtemp(join(tmpdir(), 'register-austender-')), 'releases.ndjson');
    const to = new Date();
    const from = new Date(to.getTime() - deps.config.registers.austenderWindowDays * DAY_MS);
    await fetchAustenderReleases({ baseUrl: input.url, from, to, destPath: path, onPage: (page, releases) => Context.current().heartbeat({ page, releases }) });
    return path;
  }
}

export type RegisterActivities = ReturnType<typeof createRegisterActivities>;
