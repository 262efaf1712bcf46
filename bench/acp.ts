/**
 * `npm run bench:acp`: submit-to-answer time of `POST /acp/jobs` for `austrac_eligibility`, paid by a USDC
 * transfer verified on the chain, on the whole service as production runs it (API and worker processes,
 * a Temporal dev server, a fresh database) and a local anvil with our TestUSDC. The transfers are made,
 * and each job signed by the buyer (EIP-712, docs/agent-commerce.md), before the clock starts; each timed
 * call verifies the buyer's signature and its payment (receipt and confirmations over RPC), records the
 * job, runs workflow acp-<id> and answers. Target: median ≤ 100 ms.
 */
import { createWalletClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { chainDefinition, createChainClient } from '../src/modules/acp/chain/client';
import { usdcUnits } from '../src/modules/acp/chain/usdc-payment';
import { agentJobTypedData } from '../src/modules/acp/buyer-signature';
import { installTestUsdc, startAnvil } from '../src/tools/anvil';
import { ms, percentiles } from './support/bench-app';
import { startBenchStack } from './support/stack';

const say = (line: string) => process.stdout.write(`${line}\n`);
const CHAIN_ID = 84_532;
const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e' as const;
const PAY_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;

async function main(): Promise<void> {
  const jobs = Number(process.env.BENCH_JOBS ?? 200);
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  const { abi } = await installTestUsdc(anvil.rpcUrl, USDC);
  const chain = createChainClient(anvil.rpcUrl, CHAIN_ID);
  const stack = await startBenchStack('acp', { ACP_RPC_URL: anvil.rpcUrl, ACP_PAY_TO_ADDRESS: PAY_TO, ACP_FREE_JOBS_PER_WALLET: '0', RATE_LIMIT_ACP_PER_MINUTE: '1000000', RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: '1000000' });
  try {
    const buyer = privateKeyToAccount(generatePrivateKey());
    const faucet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const viemChain = chainDefinition(anvil.rpcUrl, CHAIN_ID);
    const fromFaucet = createWalletClient({ account: faucet, chain: viemChain, transport: http(anvil.rpcUrl) });
    await chain.waitForTransactionReceipt({ hash: await fromFaucet.sendTransaction({ to: buyer.address, value: 10n ** 19n }), pollingInterval: 50 });
    const wallet = createWalletClient({ account: buyer, chain: viemChain, transport: http(anvil.rpcUrl) });
    await chain.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: USDC, abi, functionName: 'mint', args: [buyer.address, usdcUnits(1_000_000)] }), pollingInterval: 50 });
    say(`paying ${jobs + 10} jobs on anvil (before the clock starts)...`);
    const hashes: Hex[] = [];
    for (let i = 0; i < jobs + 10; i++) hashes.push(await wallet.writeContract({ address: USDC, abi, functionName: 'transfer', args: [PAY_TO, usdcUnits(40)] }));
    await chain.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 50 });

    const signedBody = async (hash: Hex) => {
      const job = {
        service_id: 'austrac_eligibility',
        buyer_agent_address: buyer.address,
        usdc_amount: 40,
        payload: { profession_type: 'accountant', services_offered: ['company_trust_formation'] },
        payment_tx_hash: hash.toLowerCase(),
        signature_expires_at: Math.floor(Date.now() / 1000) + 3_600,
      };
      return JSON.stringify({ ...job, buyer_signature: await buyer.signTypedData(agentJobTypedData(CHAIN_ID, PAY_TO, job)) });
    };
    const bodies = await Promise.all(hashes.map(signedBody));
    const submit = async (request: string) => {
      const t = performance.now();
      const res = await fetch(`${stack.url}/acp/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: request });
      const body = (await res.json()) as { status?: string; detail?: string };
      if (res.status !== 200 || body.status !== 'completed') throw new Error(`job answered ${res.status}: ${JSON.stringify(body)}`);
      return performance.now() - t;
    };
    for (const body of bodies.slice(0, 10)) await submit(body); // warm
    const samples: number[] = [];
    for (const body of bodies.slice(10)) samples.push(await submit(body));
    const p = percentiles(samples);
    say(`POST /acp/jobs austrac_eligibility, paid by a verified, buyer-signed USDC transfer, ${samples.length} sequential jobs: p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)} (target: median <= 100 ms)`);
  } finally {
    await stack.stop();
    await anvil.stop();
  }
}

void main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
