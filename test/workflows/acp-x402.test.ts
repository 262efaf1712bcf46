/**
 * The x402 rail end to end: the API with its in-process facilitator, a real worker, a real Temporal
 * dev server, and the run's anvil (chain 84532, TestUSDC at Base Sepolia's USDC address). The buyer
 * agent holds USDC and no ETH: it signs an EIP-3009 authorization (with `@x402/evm`'s own v1 client,
 * or by hand with viem for the refusals) and the facilitator (anvil's dev account 4) submits it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { isPaymentRequiredV1 } from '@x402/core/schemas';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { PaymentRequirementsV1 } from '@x402/core/types/v1';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { erc20Abi, parseEventLogs, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { jsonOf, type Json } from '../helpers/http';
import { signedTransferJob } from '../helpers/agent-job-signature';
import type { TestApp } from '../helpers/test-app';
import { signedAuthorization, X402_FACILITATOR_KEY, X402_PAY_TO, X402_USDC, type AuthorizationTerms, startX402Stack, type X402Chain, type X402Stack } from '../helpers/x402-buyers';

const USDC = X402_USDC;
const PAY_TO = X402_PAY_TO;
const FACILITATOR = privateKeyToAccount(X402_FACILITATOR_KEY).address;
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
const PRICE = 50;


describe('agent jobs paid the x402 way', () => {
  let config: AppConfig;
  let app: TestApp;
  let paying: X402Chain;

  const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  const jobBody = (buyer: Address) => ({ service_id: 'austrac_eligibility', buyer_agent_address: buyer, usdc_amount: PRICE, payload: ELIGIBILITY });
  const submit = (body: Json, payment?: string, path = '/acp/jobs') =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(payment === undefined ? {} : { 'X-PAYMENT': payment }) }, body: JSON.stringify(body) });
  const jobCount = () => paying.jobCount();
  const usdcOf = (address: Address) => paying.usdcOf(address);
  const newBuyer = (usdc?: number) => paying.newBuyer(usdc);

  /** The requirements the 402 offers for this buyer's job (what an agent reads before paying). */
  async function requirementsFor(buyer: Address, path = '/acp/jobs'): Promise<PaymentRequirementsV1> {
    const res = await submit(jobBody(buyer), undefined, path);
    expect(res.status).toBe(402);
    return (await jsonOf(res)).accepts[0] as PaymentRequirementsV1;
  }

  /** An X-PAYMENT header signed by hand, with any term changed: what a careless or dishonest agent sends. */
  async function signedHeader(signer: PrivateKeyAccount, requirements: PaymentRequirementsV1, terms: Partial<AuthorizationTerms & { network: string; x402Version: number }> = {}): Promise<string> {
    const payload = await signedAuthorization(signer, { payTo: requirements.payTo, amount: BigInt(requirements.maxAmountRequired), asset: requirements.asset }, terms);
    return base64({ x402Version: terms.x402Version ?? 1, scheme: 'exact', network: terms.network ?? requirements.network, payload });
  }

  let stack: X402Stack | undefined;
  beforeAll(async () => {
    stack = await startX402Stack('acp-x402');
    ({ config, app, paying } = stack);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers 402 with valid x402 requirements, then runs the job the agent pays with a signed X-PAYMENT, and never accepts that payment again', async () => {
    const buyer = await newBuyer();
    const first = await submit(jobBody(buyer.address));
    expect(first.status).toBe(402);
    const required = await jsonOf(first);
    expect(isPaymentRequiredV1(required)).toBe(true);
    expect(required).toMatchObject({
      x402Version: 1,
      error: 'X-PAYMENT header is required',
      detail: expect.stringMatching(/used its 5 free jobs.*X-PAYMENT/),
      accepts: [
        {
          scheme: 'exact',
          network: 'base-sepolia',
          maxAmountRequired: String(usdcUnits(PRICE)),
          resource: `${config.http.publicBaseUrl}/acp/jobs`,
          payTo: PAY_TO,
          asset: USDC,
          maxTimeoutSeconds: 300,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });

    // The agent pays with x402's own client: an EIP-3009 authorization of exactly the amount.
    const created = await new ExactEvmSchemeV1(buyer).createPaymentPayload(1, required.accepts[0] as PaymentRequirements);
    const header = encodePaymentSignatureHeader(created as unknown as PaymentPayload);
    const [buyerBefore, payToBefore, jobsBefore] = [await usdcOf(buyer.address), await usdcOf(PAY_TO), await jobCount()];

    const paid = await submit(jobBody(buyer.address), header);
    expect(paid.status).toBe(200);
    const job = await jsonOf(paid);
    expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', error: null, payment: { kind: 'x402', free_job_number: null } });
    expect(job.result).toMatchObject({ registration_deadline: expect.any(String) });
    expect(job.deliverable_sha256).toMatch(/^[0-9a-f]{64}$/);

    const settlement = decodePaymentResponseHeader(paid.headers.get('X-PAYMENT-RESPONSE')!);
    expect(settlement).toEqual({ success: true, transaction: job.payment.tx_hash, network: 'base-sepolia', payer: buyer.address });
    const receipt = await paying.chain.getTransactionReceipt({ hash: settlement.transaction as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(FACILITATOR.toLowerCase());
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers.map((t) => [t.address.toLowerCase(), t.args.from, t.args.to, t.args.value])).toEqual([[USDC.toLowerCase(), buyer.address, PAY_TO, usdcUnits(PRICE)]]);
    expect(await usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    expect(await usdcOf(PAY_TO)).toBe(payToBefore + usdcUnits(PRICE));
    expect(await paying.chain.getBalance({ address: buyer.address })).toBe(0n); // the buyer paid no gas
    expect(await jobCount()).toBe(jobsBefore + 1);
    // The same job; only its ERC-8004 feedback, recorded after completion by its own workflow, may have moved on.
    expect({ ...(await jsonOf(await fetch(`${app.url}/acp/jobs/${job.acp_job_id}`))), reputation: null }).toEqual({ ...job, reputation: null });

    // The same header again: the authorization's nonce is spent on chain. Nothing runs, nothing moves.
    const replay = await submit(jobBody(buyer.address), header);
    expect(replay.status).toBe(402);
    const refused = await jsonOf(replay);
    expect(refused).toMatchObject({ x402Version: 1, error: 'invalid_exact_evm_nonce_already_used', accepts: [{ payTo: PAY_TO }] });
    expect(refused.detail).toMatch(/already been used.*never accepted twice.*Nothing was executed/);
    expect(replay.headers.get('X-PAYMENT-RESPONSE')).toBeNull();
    // Nor can the settlement be passed off as a direct transfer, even signed by the buyer and in any spelling:
    // both rails share one uniqueness over the canonical hash.
    for (const spelling of [settlement.transaction, `0x${settlement.transaction.slice(2).toUpperCase()}`]) {
      const asTransfer = await submit(await signedTransferJob(buyer, { ...jobBody(buyer.address), payment_tx_hash: spelling }, { payTo: PAY_TO }));
      expect(asTransfer.status, spelling).toBe(409);
    }
    expect(await jobCount()).toBe(jobsBefore + 1);
    expect(await usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
  }, 60_000);

  it('refuses an underpaid, wrong-recipient, foreign-signed, expired, unfunded or garbage payment with a clear 402, and neither executes nor charges anything', async () => {
    const buyer = await newBuyer();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const poor = await newBuyer(1);
    const other = await newBuyer();
    const requirements = await requirementsFor(buyer.address, '/v1/acp/jobs');
    const now = BigInt(Math.floor(Date.now() / 1000));
    const cases: [string, Address, string, RegExp][] = [
      ['underpaid', buyer.address, await signedHeader(buyer, requirements, { value: usdcUnits(10) }), /invalid_exact_evm_authorization_value.*amount 10 USDC is not the 50 USDC required/],
      ['overpaid', buyer.address, await signedHeader(buyer, requirements, { value: usdcUnits(60) }), /invalid_exact_evm_authorization_value.*amount 60 USDC/],
      ['wrong recipient', buyer.address, await signedHeader(buyer, requirements, { to: stranger.address }), /invalid_exact_evm_recipient_mismatch.*not the pay-to address/],
      ['signed by another key', buyer.address, await signedHeader(stranger, requirements, { from: buyer.address }), /invalid_exact_evm_signature.*not 0x[0-9a-fA-F]{40}'s EIP-712/],
      ['paid by another wallet', buyer.address, await signedHeader(other, requirements), /invalid_payer.*not by the job's buyer_agent_address/],
      ['expired', buyer.address, await signedHeader(buyer, requirements, { validAfter: now - 3_600n, validBefore: now - 60n }), /valid_before.*expires/],
      ['balance too low', poor.address, await signedHeader(poor, requirements), /invalid_exact_evm_insufficient_balance.*holds 1 USDC, less than the 50 USDC required/],
      ['other network', buyer.address, await signedHeader(buyer, requirements, { network: 'base' }), /invalid_network.*"base-sepolia"/],
      ['x402 version 2', buyer.address, await signedHeader(buyer, requirements, { x402Version: 2 }), /invalid_x402_version/],
      ['garbage', buyer.address, 'this is not a payment!', /invalid_payload.*not base64-encoded JSON/],
      [
        'recipient with a broken checksum',
        buyer.address,
        base64({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: { signature: '0x00', authorization: { from: buyer.address, to: PAY_TO.replace('c', 'C'), value: '50000000', validAfter: '0', validBefore: String(now + 300n), nonce: toHex(randomBytes(32)) } } }),
        /invalid_payload.*payload\.authorization\.to.*checksum/,
      ],
      ['JSON without an authorization', buyer.address, base64({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: { signature: '0x00' } }), /invalid_payload.*payload\.authorization/],
    ];
    const balances = async () => [await usdcOf(buyer.address), await usdcOf(poor.address), await usdcOf(other.address), await usdcOf(PAY_TO)];
    const [before, jobsBefore] = [await balances(), await jobCount()];
    for (const [name, wallet, header, reason] of cases) {
      const res = await submit(jobBody(wallet), header, '/v1/acp/jobs');
      expect(res.status, name).toBe(402);
      const body = await jsonOf(res);
      expect(isPaymentRequiredV1(body), name).toBe(true);
      expect(`${body.error}: ${body.detail}`, name).toMatch(reason);
      expect(body.detail, name).toMatch(/^The x402 payment was not accepted: .*Nothing was executed\.$/);
      expect(res.headers.get('X-PAYMENT-RESPONSE'), name).toBeNull();
    }
    expect(await jobCount()).toBe(jobsBefore);
    expect(await balances()).toEqual(before);
  }, 60_000);

  it('settles one of two payments racing for one balance, and one of two copies of one header', async () => {
    const buyer = await newBuyer(PRICE);
    const requirements = await requirementsFor(buyer.address);
    const jobsBefore = await jobCount();

    const [a, b] = await Promise.all([submit(jobBody(buyer.address), await signedHeader(buyer, requirements)), submit(jobBody(buyer.address), await signedHeader(buyer, requirements))]);
    expect([a.status, b.status].sort()).toEqual([200, 402]);
    const loser = await jsonOf(a.status === 402 ? a : b);
    expect(loser.error).toBe('invalid_exact_evm_insufficient_balance');
    expect(await usdcOf(buyer.address)).toBe(0n);

    const rich = await newBuyer();
    const header = await signedHeader(rich, requirements);
    const copies = await Promise.all([submit(jobBody(rich.address), header), submit(jobBody(rich.address), header)]);
    expect(copies.map((r) => r.status).sort()).toEqual([200, 402]);
    const copyRefused = await jsonOf(copies.find((r) => r.status === 402)!);
    expect(copyRefused.error).toBe('invalid_exact_evm_nonce_already_used');
    expect(await usdcOf(rich.address)).toBe(usdcUnits(1_000 - PRICE));
    expect(await jobCount()).toBe(jobsBefore + 2);
  }, 60_000);

  it('refuses before any funds move a paid request whose job could not be recorded: a payload the service refuses, or a second payment', async () => {
    const buyer = await newBuyer();
    const requirements = await requirementsFor(buyer.address);
    const header = await signedHeader(buyer, requirements);
    const badPayload = await submit({ ...jobBody(buyer.address), payload: { profession_type: 'astronaut' } }, header);
    expect(badPayload.status).toBe(422);
    const twoPayments = await submit(await signedTransferJob(buyer, { ...jobBody(buyer.address), payment_tx_hash: `0x${'ab'.repeat(32)}` }, { payTo: PAY_TO }), header);
    expect(twoPayments.status).toBe(422);
    expect(JSON.stringify(await jsonOf(twoPayments))).toMatch(/either an X-PAYMENT header or payment_tx_hash/);
    expect(await usdcOf(buyer.address)).toBe(usdcUnits(1_000));
    // The header is still good: nothing spent it.
    expect((await submit(jobBody(buyer.address), header)).status).toBe(200);
  }, 60_000);
});
