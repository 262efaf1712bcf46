/**
 * `npm run stripe-mock:bin`: finds or builds Stripe's stripe-mock (the payment provider's official mock,
 * from the Go module proxy) and prints which one is used. The tests' pretest runs it so the one-time
 * Go build happens before the suite, with its own progress lines.
 */
import { loadConfigOrExit } from '../src/config';
import { resolveStripeMock, STRIPE_MOCK } from '../src/tools/stripe-mock';

async function main(): Promise<void> {
  const path = await resolveStripeMock({ explicitPath: loadConfigOrExit().psp.stripeMockPath, log: (line) => process.stdout.write(`${line}\n`) });
  if (!path) {
    process.stderr.write(`stripe-mock ${STRIPE_MOCK.version}: not found and Go could not build it (install Go, or set STRIPE_MOCK_PATH)\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`stripe-mock: ${path}\n`);
}

void main();
