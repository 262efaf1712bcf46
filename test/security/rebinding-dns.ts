/**
 * A hostile DNS for one made-up name, inside this process: each question about it gets the next answer
 * of a script (the last one repeats), as a rebinding attacker's server would answer; every other name
 * goes to the system resolver. Both ways the service asks are covered: `dns.promises.lookup` (the check
 * at submission) and `dns.lookup` (the connection's lookup), so the service's own code runs unchanged.
 */
import dns, { type LookupAddress } from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';

export interface RebindingDns {
  /** How many questions about the name were asked so far. */
  readonly questions: number;
  restore(): void;
}

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function rebindName(hostname: string, answers: string[][]): RebindingDns {
  const originalLookup = dns.lookup;
  const originalPromise = dns.promises.lookup;
  let questions = 0;
  const next = (): LookupAddress[] => {
    const answer = answers[Math.min(questions, answers.length - 1)]!;
    questions += 1;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const fakeLookup = (name: string, options: unknown, callback?: Callback) => {
    const done = (typeof options === 'function' ? options : callback) as Callback;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    if (name !== hostname) return (originalLookup as (...args: unknown[]) => void)(name, options, callback);
    const list = next();
    process.nextTick(() => (opts.all ? done(null, list) : done(null, list[0]!.address, list[0]!.family)));
  };
  const fakePromise = async (name: string, options?: { all?: boolean }) => {
    if (name !== hostname) return (originalPromise as (...args: unknown[]) => Promise<unknown>)(name, options);
    const list = next();
    return options?.all ? list : list[0];
  };
  Object.assign(dns, { lookup: fakeLookup });
  Object.assign(dns.promises, { lookup: fakePromise });
  syncBuiltinESMExports();
  return {
    get questions() {
      return questions;
    },
    restore: () => {
      Object.assign(dns, { lookup: originalLookup });
      Object.assign(dns.promises, { lookup: originalPromise });
      syncBuiltinESMExports();
    },
  };
}
