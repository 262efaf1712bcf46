/**
 * The abuse policy end to end: the monitor workflow over real agent-job traffic, the `bond-<wallet>`
 * workflow with its escrow deposit on the run's anvil, degraded responses and the tighter limit while
 * under verification, release after the clean window and forfeiture on an operator's confirmation, and
 * the blocklist. The clean window is shortened to seconds through configuration: it is a real Temporal
 * timer on the dev server (Temporal's time-skipping test server is a separate download this project may
 * not fetch at run time; see docs/agent-commerce.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bondDescription } from '../../src/modules/acp/bond/bond-terms';
import { DEGRADED_CONFIDENCE_FACTOR } from '../../src/modules/acp/bond/degradation';
import { createChainClient, type ChainClient } from '../../src/modules/acp/chain/client';
import { readEscrowJob } from '../../src/modules/acp/escrow/escrow-chain';
import { ANVIL_EVALUATOR_ADDRESS, ANVIL_PROVIDER_ADDRESS, localAgentCommerceAddresses } from '../../src/tools/agent-commerce-contracts';
import { HeldWindowClock } from '../helpers/clock';
import { createFundedEscrowJob } from '../helpers/escrow-buyer';
import { eventually } from '../helpers/https-receiver';
import { jsonOf, type Json } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import type { TestApp } from '../helpers/test-app';
import { newBuyerWallet, startAcpStack, type AcpStack } from '../helpers/acp-stack';
import { testRun } from '../helpers/test-run';

const USDC: Address = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const { escrowAddress: ESCROW } = localAgentCommerceAddresses();
const CLEAN_WINDOW_SECONDS = 20;
const UNDER_VERIFICATION_PER_MINUTE = 4;
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
/** A scripted run: eleven names queried in alphabetical order, one after another. */
const SORTED_NAMES = ['Abbott Holdings', 'Albanese Trading', 'Bandt Partners', 'Chalmers Group', 'Dutton Logistics', 'Gallagher Foods', 'Hanson Mining', 'Ley Consulting', 'Marles Freight', 'Plibersek Health', 'Wong Capital'];

describe('abuse monitor and verification bond', () => {
  const rpcUrl = testRun().anvilRpcUrl;
  const blocklistFile = join(mkdtempSync(join(tmpdir(), 'blocklist-')), 'wallets.txt');
  let chain: ChainClient;
  const clock = new HeldWindowClock();
  let stack: AcpStack;
  let app: TestApp;
  const submit = (body: Json) => fetch(`${app.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const standing = async (address: string) => jsonOf(await fetch(`${app.url}/acp/wallets/${address}`));
  const postBond = (address: string, escrowJobId: bigint) =>
    fetch(`${app.url}/acp/wallets/${address}/bond`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ escrow_job_id: escrowJobId.toString() }) });

  const newWallet = () => newBuyerWallet(rpcUrl);

  /** Runs the scripted enumeration and waits for the monitor to flag the wallet and demand a bond. */
  async function enumerateUntilFlagged(address: Address) {
    for (const name of SORTED_NAMES) {
      const res = await submit({ service_id: 'austrac_enforcement', buyer_agent_address: address, usdc_amount: 20, payload: { name } });
      expect(res.status).toBe(200);
    }
    return eventually(async () => {
      const current = await standing(address);
      return current.status === 'bond_required' ? current : undefined;
    }, 30_000, 'the wallet flagged and a bond demanded');
  }

  const fundBond = (key: Hex, address: Address, usdc: number, description = bondDescription(address)) =>
    createFundedEscrowJob(rpcUrl, key, { escrow: ESCROW, usdc: USDC, provider: ANVIL_PROVIDER_ADDRESS, evaluator: ANVIL_EVALUATOR_ADDRESS, budget: BigInt(usdc) * 1_000_000n, expiresInSeconds: 3_600, description });

  beforeAll(async () => {
    writeFileSync(blocklistFile, '# known-bad wallets\n');
    chain = createChainClient(rpcUrl, 84_532);
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `acp-abuse-${randomUUID()}`,
      ACP_FREE_JOBS_PER_WALLET: '100',
      RATE_LIMIT_ACP_PER_MINUTE: '10000',
      RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '10000',
      RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE: String(UNDER_VERIFICATION_PER_MINUTE),
      ACP_BOND_CLEAN_WINDOW_SECONDS: String(CLEAN_WINDOW_SECONDS),
      ACP_BOND_EXPIRY_MARGIN_SECONDS: '60',
      ACP_ABUSE_REVIEW_EVERY_SECONDS: '2',
      ACP_WALLET_BLOCKLIST_FILE: blocklistFile,
      // Tests name the client's address in X-Forwarded-For, to play agents at different addresses.
      TRUST_PROXY: 'true',
    });
    stack = await startAcpStack(config, clock.now);
    app = stack.app;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('reviews the wallets of one IP address together: a run spread over fresh wallets flags and bonds each, and a new wallet from there too', async () => {
    const ip = `45.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const from = (address: string, forwardedFor: string, name = 'Zed Holdings') =>
      fetch(`${app.url}/acp/jobs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ service_id: 'austrac_enforcement', buyer_agent_address: address, usdc_amount: 20, payload: { name } }),
      });
    const rotated: Address[] = [];
    for (const name of SORTED_NAMES.slice(0, 10)) {
      const wallet = privateKeyToAccount(generatePrivateKey()).address;
      rotated.push(wallet);
      expect((await from(wallet, ip, name)).status, name).toBe(200); // each wallet alone sent one job: nothing to flag it for
    }
    for (const wallet of rotated) {
      const held = await eventually(async () => {
        const current = await standing(wallet);
        return current.status === 'bond_required' ? current : undefined;
      }, 30_000, `wallet ${wallet} flagged with the others from ${ip}`);
      expect(held.flags[0]).toMatchObject({ rule: 'enumeration', pattern: 'alphabetical_names', evidence: { source_ip: ip, wallets: [...rotated].map((w) => w.toLowerCase()).sort() } });
      expect(held.bond).toMatchObject({ required_usdc: 80 });
    }
    // The next fresh address from the same place is held to the same bond at once; one from elsewhere is not.
    const next = privateKeyToAccount(generatePrivateKey()).address;
    const refused = await from(next, ip);
    expect(refused.status).toBe(402);
    const body = await jsonOf(refused);
    expect(body).toMatchObject({ bond: { bond_usdc: 80, escrow_contract: ESCROW } });
    expect(body.detail).toMatch(/from your IP address were flagged .* same verification bond/);
    expect((await standing(next)).flags[0]).toMatchObject({ pattern: 'same_source_ip', evidence: { source_ip: ip } });
    expect((await from(privateKeyToAccount(generatePrivateKey()).address, '46.10.20.30')).status).toBe(200);
  }, 90_000);

  it('flags a scripted enumeration, demands a 2x bond, degrades and limits the wallet while it is held, and refunds it after a clean window', async () => {
    const wallet = await newWallet();
    const flagged = await enumerateUntilFlagged(wallet.address);
    // The monitor may review while the run is still being sent, so the flagged run is a prefix of it, at least the rule's minimum long.
    expect(flagged.flags[0]).toMatchObject({ rule: 'enumeration', pattern: 'alphabetical_names', evidence: { values: expect.arrayContaining(['Abbott Holdings']) } });
    const values = flagged.flags[0].evidence.values as string[];
    expect(values).toEqual(SORTED_NAMES.slice(0, values.length));
    expect(flagged.flags[0].job_ids.length).toBeGreaterThanOrEqual(10);
    expect(flagged.bond).toMatchObject({ required_usdc: 80, escrow_contract: ESCROW, description: bondDescription(wallet.address) }); // 2 × austrac_enforcement's top price (40)

    const refused = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY });
    expect(refused.status).toBe(402);
    expect(await jsonOf(refused)).toMatchObject({ bond: { bond_usdc: 80, escrow_contract: ESCROW, post_to: `/acp/wallets/${wallet.address}/bond` } });

    const wrongDescription = await postBond(wallet.address, await fundBond(wallet.key, wallet.address, 80, 'a deposit'));
    expect(wrongDescription.status).toBe(402);
    const tooSmall = await postBond(wallet.address, await fundBond(wallet.key, wallet.address, 50));
    expect(tooSmall.status).toBe(402);

    // Start the limited minute fresh, so only jobs under verification count against the tighter limit.
    clock.nextMinute();
    const bondJobId = await fundBond(wallet.key, wallet.address, 80);
    const posted = await postBond(wallet.address, bondJobId);
    expect(posted.status).toBe(200);
    expect(await jsonOf(posted)).toMatchObject({ status: 'under_verification', degraded: true, per_wallet_limit_per_minute: UNDER_VERIFICATION_PER_MINUTE, bond: { escrow_job_id: bondJobId.toString() } });

    // Degraded: the same scan for a clean wallet and for this one; this one's scores are lowered and marked.
    const clean = await jsonOf(await submit({ service_id: 'pep_scan', buyer_agent_address: (await newWallet()).address, usdc_amount: 5, payload: { name: 'Hijazi Raed Muhamad Hasan' } }));
    const degraded = await jsonOf(await submit({ service_id: 'pep_scan', buyer_agent_address: wallet.address, usdc_amount: 5, payload: { name: 'Hijazi Raed Muhamad Hasan' } }));
    expect(degraded).toMatchObject({ status: 'completed', degraded: true, result: { verification: { wallet_status: 'under_verification', degraded: true, confidence_factor: DEGRADED_CONFIDENCE_FACTOR } } });
    const cleanScore = clean.result.scan_result.matches[0].score as number;
    expect(cleanScore).toBeGreaterThan(0);
    expect(degraded.result.scan_result.matches[0].score).toBeCloseTo(cleanScore * DEGRADED_CONFIDENCE_FACTOR, 2);
    expect(clean.degraded).toBe(false);

    // The tighter limit: the scan above was the first of the minute.
    const statuses: number[] = [];
    for (let i = 0; i < UNDER_VERIFICATION_PER_MINUTE; i++) statuses.push((await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // The clean window passes with no new flag: the evaluator rejects the bond's escrow job, refunding the wallet.
    const released = await eventually(async () => {
      const current = await standing(wallet.address);
      return current.status === 'clear' ? current : undefined;
    }, (CLEAN_WINDOW_SECONDS + 30) * 1000, 'the bond released after the clean window');
    expect(released.history.map((e: { event: string }) => e.event)).toEqual(['bond_required', 'bond_posted', 'bond_released']);
    expect((await readEscrowJob(chain, ESCROW, bondJobId))?.status).toBe('rejected');
    // The release activity writes the wallet's row; the workflow sets its search attribute in the task after it.
    const handle = app.deps.temporal.client.workflow.getHandle(released.workflow_id);
    const described = await eventually(async () => {
      const current = await handle.describe();
      return (current.searchAttributes.BondStatus as string[] | undefined)?.[0] === 'released' ? current : undefined;
    }, 30_000, 'the BondStatus search attribute set to released');
    expect(described.searchAttributes).toMatchObject({ BondStatus: ['released'] });
    const after = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: { ...ELIGIBILITY, services_offered: ['real_estate'] } });
    expect([200, 429]).toContain(after.status); // clear again (the minute's count may still be spent)
  }, 180_000);

  it('forfeits the bond to us when an operator confirms the abuse, and refuses the wallet from then on', async () => {
    const wallet = await newWallet();
    const flagged = await enumerateUntilFlagged(wallet.address);
    const bondJobId = await fundBond(wallet.key, wallet.address, flagged.bond.required_usdc);
    expect((await postBond(wallet.address, bondJobId)).status).toBe(200);

    await app.deps.temporal.client.workflow.getHandle(flagged.workflow_id).signal('confirmAbuse', { operator: 'compliance-officer@example.com', reason: 'scripted register scraping confirmed' });
    const forfeited = await eventually(async () => {
      const current = await standing(wallet.address);
      return current.status === 'forfeited' ? current : undefined;
    }, 30_000, 'the bond forfeited');
    expect(forfeited.history.at(-1)).toMatchObject({ event: 'bond_forfeited', detail: { cause: { operator: 'compliance-officer@example.com' } } });
    expect((await readEscrowJob(chain, ESCROW, bondJobId))?.status).toBe('completed');
    const provider = await chain.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [ANVIL_PROVIDER_ADDRESS] });
    expect(provider).toBeGreaterThanOrEqual(80_000_000n);

    const refused = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY });
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused)).detail).toMatch(/forfeited/);
  }, 120_000);

  it('refuses a blocklisted wallet at once, records the flag, and demands a bond should it ever be delisted', async () => {
    const wallet = await newWallet();
    writeFileSync(blocklistFile, `# known-bad wallets\n${wallet.address.toLowerCase()} sanctioned mixer\n`);
    await new Promise((r) => setTimeout(r, 1_100)); // the file is re-checked at most every second
    const jobCount = async () => (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from acp_jobs where buyer_address = ?', [wallet.address]))[0]!.n;

    const res = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY });
    expect(res.status).toBe(403);
    expect((await jsonOf(res)).detail).toMatch(/blocklist \(sanctioned mixer\)/);
    expect(await jobCount()).toBe(0);

    const listed = await eventually(async () => {
      const current = await standing(wallet.address);
      return current.status === 'bond_required' ? current : undefined;
    }, 30_000, 'the blocklisted wallet handed to a bond workflow');
    expect(listed).toMatchObject({ blocklisted: true, flags: [{ rule: 'blacklisted_wallet', evidence: { reason: 'sanctioned mixer' } }] });

    writeFileSync(blocklistFile, '# known-bad wallets\n');
    await new Promise((r) => setTimeout(r, 1_100));
    const delisted = await submit({ service_id: 'austrac_eligibility', buyer_agent_address: wallet.address, usdc_amount: 40, payload: ELIGIBILITY });
    expect(delisted.status).toBe(402);
    expect((await jsonOf(delisted)).detail).toMatch(/verification bond/);
  }, 60_000);
});
