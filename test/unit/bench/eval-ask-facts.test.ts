import { describe, expect, it } from 'vitest';
import { statesFacts } from '../../../bench/eval-ask';

describe('eval:ask expected facts', () => {
  it('needs every fact, any one of its alternatives, case and spacing aside', () => {
    const answer = 'For every other suspicion the deadline is 3 business  days. Terrorism financing: within 24 HOURS.';
    expect(statesFacts(answer, [['3 business days', 'three business days'], ['24 hours']])).toBe(true);
    expect(statesFacts(answer, [['3 business days'], ['10 business days']])).toBe(false);
    expect(statesFacts("Buyers’ agents are covered", [["buyers' agents"]])).toBe(true);
  });
});
