import { msToNumber } from '@temporalio/common/lib/time';
import { describe, expect, it } from 'vitest';
import { batchItemScreening, chainStep, infrastructureWork, listParsing, sweepPage, webhookAttempt } from '../../../workflows/activity-options';

/**
 * The activities that touch our database outlast an outage of hours, by their options alone: no
 * attempt cap, a budget of at least twelve hours, and a backoff that never waits more than a minute
 * (so work resumes within a minute of the database's return). The fault suite's outage (seconds long,
 * on a cluster it stops for real) shows the retries resume the work with nothing lost or doubled;
 * this shows the same retries last the hours.
 */
describe('the outage budget of database work', () => {
  const options = { infrastructureWork, listParsing, batchItemScreening, webhookAttempt, sweepPage, chainStep };

  for (const [name, option] of Object.entries(options)) {
    it(`${name}: retried without an attempt cap for at least twelve hours, a minute apart at most`, () => {
      expect(option.retry?.maximumAttempts ?? 0).toBe(0);
      expect(msToNumber(option.scheduleToCloseTimeout!)).toBeGreaterThanOrEqual(12 * 3_600_000);
      expect(msToNumber(option.retry!.maximumInterval!)).toBeLessThanOrEqual(60_000);
    });
  }
});
