/**
 * The recording itself, a vitest file so it runs on the integration tests' stack (their global setup:
 * a fresh migrated database, a Temporal dev server, stripe-mock and anvil) and reuses their helpers.
 * Its name matches no test project's pattern: only `npx tsx scripts/record-histories.ts` runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAbuseAndBond, runAgentJob, runCheckout, runNewsletterSync } from './commerce-scenarios';
import { writeHistories } from './pick-histories';
import { startRecordingStack, type RecordingStack } from './recording-stack';
import { runAbnLookup, runBatch, runFullRescreen, runPlatformCheck, runRecovery, runRegisterLoad, runWatchlistSweep } from './screening-scenarios';
import { registeredWorkflowTypes } from './history-files';

describe('recording one history of every workflow type', () => {
  let stack: RecordingStack;
  beforeAll(async () => {
    stack = await startRecordingStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('runs the platform check', () => runPlatformCheck(stack));
  it('refreshes a watchlist whose new version sweeps an enrolment into a delivered alert', () => runWatchlistSweep(stack));
  it('re-screens every enrolment in pages', () => runFullRescreen(stack));
  it('screens a batch and delivers batch.completed', () => runBatch(stack));
  it('loads a register', () => runRegisterLoad(stack));
  it('asks ABN Lookup about an ABN missing from the extract', () => runAbnLookup(stack));
  it('confirms a credit checkout', () => runCheckout(stack));
  it('runs an agent job and records its reputation feedback', () => runAgentJob(stack));
  it('flags an enumeration, demands a bond and releases it on an operator’s word', () => runAbuseAndBond(stack));
  it('syncs a newsletter sign-up', () => runNewsletterSync(stack));
  it('runs the stranded-work recovery', () => runRecovery(stack));

  it('writes one history per registered workflow type, none holding a secret', async () => {
    const written = await writeHistories(stack.temporal, stack.config.temporal.taskQueue, stack.secrets);
    expect(written.map((w) => w.workflowType).sort()).toEqual(registeredWorkflowTypes());
    for (const w of written) process.stdout.write(`${w.workflowType}: ${w.workflowId} ${w.status}, ${w.events} events, ${(w.bytes / 1024).toFixed(1)} KB\n`);
  });
});
