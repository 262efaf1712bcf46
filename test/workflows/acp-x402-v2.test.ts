/**
 * The x402 v2 rail end to end, paid with the official buyer client (`@x402/fetch` over `@x402/evm`'s
 * exact scheme): the API with its in-process facilitator, a real worker, a real Temporal dev server,
 * and the run's anvil (chain 84532, TestUSDC at Base Sepolia's USDC address). The buyer holds USDC and
 * no ETH; the facilitator (anvil's dev account 4) submits its authorization. v1 clients are
 * acp-x402.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { isPaymentRequiredV1 } from '@x402/core/schemas';
import type { PaymentRequired } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { validateDiscoveryExtension, type DiscoveryExtension } from '@x402/extensions/bazaar';
import { appendPaymentIdentifierToExtensions, generatePaymentId } from '@x402/extensions/payment-identifier';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { erc20Abi, parseEventLogs, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config';
import { usdcUnits } from '../../src/modules/acp/chain/usdc-payment';
import { ACP_SERVICES } from '../../src/modules/acp/services';
import { jsonOf, type Json } from '../helpers/http';
import { operatorSql } from '../helpers/operator-sql';
import type { TestApp } from '../helpers/test-app';
import { signedAuthorization, X402_PAY_TO, X402_USDC, startX402Stack, type X402Chain, type X402Stack } from '../helpers/x402-buyers';

const PRICE = 50;
const ELIGIBILITY = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };

describe('agent jobs paid over x402 v2', () => {
  let config: AppConfig;
  let app: TestApp;
  let paying: X402Chain;

  const jobBody = (buyer: Address, payload: Record<string, unknown> = ELIGIBILITY) => ({ service_id: 'austrac_eligibility', buyer_agent_address: buyer, usdc_amount: PRICE, payload });
  const post = (body: Json, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const identifierRows = async () => (await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from x402_payment_identifiers'))[0]!.n;

  /** The buyer agent as the x402 docs set one up: an x402Client with the EVM exact scheme, around fetch. */
  function payingFetch(buyer: PrivateKeyAccount, paymentId?: string) {
    const client = new x402Client().setSpendControls({ maxAmountPerPayment: '$100' });
    registerExactEvmScheme(client, { signer: buyer });
    if (paymentId) {
      client.onBeforePaymentCreation(async ({ paymentRequired }) => {
        appendPaymentIdentifierToExtensions((paymentRequired.extensions ??= {}), paymentId);
      });
    }
    return wrapFetchWithPayment(fetch, client);
  }

  /** The v2 requirements the 402 offers for this buyer's job. */
  async function requiredFor(buyer: Address): Promise<PaymentRequired> {
    const res = await fetch(`${app.url}/acp/jobs`, post(jobBody(buyer)));
    expect(res.status).toBe(402);
    return decodePaymentRequiredHeader(res.headers.get('PAYMENT-REQUIRED')!);
  }

  let stack: X402Stack | undefined;
  beforeAll(async () => {
    stack = await startX402Stack('acp-x402-v2');
    ({ config, app, paying } = stack);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers 402 with the v2 requirements and the bazaar description in PAYMENT-REQUIRED beside the v1 body, then runs the job @x402/fetch pays over PAYMENT-SIGNATURE', async () => {
    const buyer = await paying.newBuyer();
    const unpaid = await fetch(`${app.url}/acp/jobs`, post(jobBody(buyer.address)));
    expect(unpaid.status).toBe(402);
    const required = decodePaymentRequiredHeader(unpaid.headers.get('PAYMENT-REQUIRED')!);
    expect(required).toMatchObject({
      x402Version: 2,
      error: 'PAYMENT-SIGNATURE header is required',
      resource: { url: `${config.http.publicBaseUrl}/acp/jobs`, mimeType: 'application/json', serviceName: 'Compliance Intelligence API' },
      accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: String(usdcUnits(PRICE)), asset: X402_USDC, payTo: X402_PAY_TO, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } }],
      extensions: { 'payment-identifier': { info: { required: false } } },
    });
    // The service's bazaar description: valid by the library's own check, the job body's schema bounded by the service's price range.
    const bazaar = required.extensions!.bazaar as DiscoveryExtension;
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info.input).toMatchObject({ type: 'http', method: 'POST', bodyType: 'json', body: { service_id: 'austrac_eligibility', payload: { profession_type: 'accountant' } } });
    const bodySchema = (bazaar.schema.properties.input.properties as Json).body;
    expect(bodySchema.properties.usdc_amount).toEqual({ type: 'number', minimum: 40, maximum: 75 });
    expect(bodySchema.properties.payload.required).toEqual(['profession_type']);
    expect(bazaar.info.output).toMatchObject({ type: 'json', example: { status: 'completed', service_id: 'austrac_eligibility' } });
    // A v1 client reads the body, which is unchanged.
    const body = await jsonOf(unpaid);
    expect(isPaymentRequiredV1(body)).toBe(true);
    expect(body).toMatchObject({ x402Version: 1, accepts: [{ network: 'base-sepolia', maxAmountRequired: String(usdcUnits(PRICE)) }] });

    const [buyerBefore, payToBefore, jobsBefore] = [await paying.usdcOf(buyer.address), await paying.usdcOf(X402_PAY_TO), await paying.jobCount()];
    const paid = await payingFetch(buyer)(`${app.url}/v1/acp/jobs`, post(jobBody(buyer.address)));
    expect(paid.status).toBe(200);
    const job = await jsonOf(paid);
    expect(job).toMatchObject({ status: 'completed', service_id: 'austrac_eligibility', error: null, payment: { kind: 'x402', free_job_number: null } });
    const settlement = decodePaymentResponseHeader(paid.headers.get('PAYMENT-RESPONSE')!);
    expect(settlement).toEqual({ success: true, transaction: job.payment.tx_hash, network: 'eip155:84532', payer: buyer.address });
    expect(paid.headers.get('X-PAYMENT-RESPONSE')).toBeNull();
    const receipt = await paying.chain.getTransactionReceipt({ hash: settlement.transaction as Hex });
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers.map((t) => [t.args.from, t.args.to, t.args.value])).toEqual([[buyer.address, X402_PAY_TO, usdcUnits(PRICE)]]);
    expect(await paying.usdcOf(buyer.address)).toBe(buyerBefore - usdcUnits(PRICE));
    expect(await paying.usdcOf(X402_PAY_TO)).toBe(payToBefore + usdcUnits(PRICE));
    expect(await paying.chain.getBalance({ address: buyer.address })).toBe(0n);
    expect(await paying.jobCount()).toBe(jobsBefore + 1);
  }, 60_000);

  it('lists every service at /.well-known/x402 with its bazaar description and price', async () => {
    const res = await fetch(`${app.url}/.well-known/x402`);
    expect(res.status).toBe(200);
    const discovery = await jsonOf(res);
    expect(discovery).toMatchObject({ version: 1, x402Version: 2, x402_versions: [2, 1], resources: [`${config.http.publicBaseUrl}/acp/jobs`, `${config.http.publicBaseUrl}/v1/acp/jobs`] });
    expect(discovery.items.map((i: Json) => i.service_id)).toEqual(ACP_SERVICES.map((s) => s.id));
    for (const item of discovery.items as Json[]) {
      const service = ACP_SERVICES.find((s) => s.id === item.service_id)!;
      expect(item.price_usdc_range, service.id).toEqual(service.price_usdc_range);
      expect(item.accepts, service.id).toEqual([expect.objectContaining({ network: 'eip155:84532', amount: String(usdcUnits(service.price_usdc_range[0])) })]);
      expect(validateDiscoveryExtension(item.extensions.bazaar), service.id).toEqual({ valid: true });
      expect(item.extensions.bazaar.info.input.body.service_id, service.id).toBe(service.id);
    }
  });

  it('pays once for one payment identifier: a retry gets the first job with no second transfer, another job under it is a 409, and racing retries settle once', async () => {
    const buyer = await paying.newBuyer();
    const paymentId = generatePaymentId();
    const pay = payingFetch(buyer, paymentId);
    const [before, jobsBefore] = [await paying.usdcOf(buyer.address), await paying.jobCount()];

    const first = await pay(`${app.url}/acp/jobs`, post(jobBody(buyer.address)));
    expect(first.status).toBe(200);
    const job = await jsonOf(first);
    // The retry signs a fresh authorization under the same id; it is never submitted.
    const retry = await pay(`${app.url}/acp/jobs`, post(jobBody(buyer.address)));
    expect(retry.status).toBe(200);
    expect((await jsonOf(retry)).acp_job_id).toBe(job.acp_job_id);
    expect(decodePaymentResponseHeader(retry.headers.get('PAYMENT-RESPONSE')!)).toMatchObject({ success: true, transaction: job.payment.tx_hash });
    expect(await paying.usdcOf(buyer.address)).toBe(before - usdcUnits(PRICE));
    expect(await paying.jobCount()).toBe(jobsBefore + 1);
    // The database keeps a claim that paid as it is: the service's role may not point it at another request,
    // and neither it nor the owner may delete or change it.
    const db = app.deps.orm.em.fork().getConnection();
    await expect(db.execute('delete from x402_payment_identifiers where payment_id = ?', [paymentId])).rejects.toThrow(/its row is kept/);
    await expect(db.execute(`update x402_payment_identifiers set request_sha256 = repeat('0', 64) where payment_id = ?`, [paymentId])).rejects.toThrow(/permission denied/);
    await expect(db.execute(`update x402_payment_identifiers set settled_at = now() where payment_id = ?`, [paymentId])).rejects.toThrow(/only an unsettled claim/);
    await expect(operatorSql(config.db.ownerUrl, `update x402_payment_identifiers set request_sha256 = repeat('0', 64) where payment_id = '${paymentId}'`)).rejects.toThrow(/only an unsettled claim/);

    // The same id for another job: 409, nothing charged or recorded.
    const other = await pay(`${app.url}/acp/jobs`, post(jobBody(buyer.address, { profession_type: 'lawyer' })));
    expect(other.status).toBe(409);
    expect(await jsonOf(other)).toMatchObject({ detail: expect.stringMatching(new RegExp(`${paymentId} was already used for another job`)) });
    // Nor can another wallet take the id's job.
    const stranger = await paying.newBuyer();
    expect((await payingFetch(stranger, paymentId)(`${app.url}/acp/jobs`, post(jobBody(stranger.address)))).status).toBe(409);
    expect(await paying.usdcOf(stranger.address)).toBe(usdcUnits(1_000));

    // Two attempts at once under a new id: one settlement, one job; the other waits its turn (409) or gets that job.
    const racing = payingFetch(buyer, generatePaymentId());
    const raced = await Promise.all([racing(`${app.url}/acp/jobs`, post(jobBody(buyer.address))), racing(`${app.url}/acp/jobs`, post(jobBody(buyer.address)))]);
    const statuses = raced.map((r) => r.status);
    expect(statuses).toContain(200);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const jobIds = new Set(await Promise.all(raced.filter((r) => r.status === 200).map(async (r) => (await jsonOf(r)).acp_job_id)));
    expect(jobIds.size).toBe(1);
    expect(await paying.usdcOf(buyer.address)).toBe(before - 2n * usdcUnits(PRICE));
    expect(await paying.jobCount()).toBe(jobsBefore + 2);
  }, 90_000);

  it('never takes one PAYMENT-SIGNATURE twice: the copy of a header that paid is refused with its nonce spent, and nothing more moves', async () => {
    const buyer = await paying.newBuyer();
    const required = await requiredFor(buyer.address);
    const accepted = required.accepts[0]!;
    const payload = await signedAuthorization(buyer, { payTo: accepted.payTo, amount: BigInt(accepted.amount), asset: accepted.asset });
    const header = encodePaymentSignatureHeader({ x402Version: 2, resource: required.resource, accepted, payload });
    const paid = await fetch(`${app.url}/acp/jobs`, post(jobBody(buyer.address), { 'PAYMENT-SIGNATURE': header }));
    expect(paid.status).toBe(200);
    const [after, jobsAfter] = [await paying.usdcOf(buyer.address), await paying.jobCount()];
    const copy = await fetch(`${app.url}/acp/jobs`, post(jobBody(buyer.address), { 'PAYMENT-SIGNATURE': header }));
    expect(copy.status).toBe(402);
    expect(decodePaymentRequiredHeader(copy.headers.get('PAYMENT-REQUIRED')!).error).toBe('invalid_exact_evm_nonce_already_used');
    expect((await jsonOf(copy)).detail).toMatch(/already been used.*never accepted twice/);
    expect(copy.headers.get('PAYMENT-RESPONSE')).toBeNull();
    expect(await paying.usdcOf(buyer.address)).toBe(after);
    expect(await paying.jobCount()).toBe(jobsAfter);
  }, 60_000);

  it('refuses a bad or mismatched v2 payment with a 402 whose PAYMENT-REQUIRED names the reason, and neither charges, records nor keeps a claim', async () => {
    const buyer = await paying.newBuyer();
    const other = await paying.newBuyer();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const required = await requiredFor(buyer.address);
    const accepted = required.accepts[0]!;
    const terms = { payTo: accepted.payTo, amount: BigInt(accepted.amount), asset: accepted.asset };
    const header = (payload: Json) => encodePaymentSignatureHeader({ x402Version: 2, resource: required.resource, accepted, extensions: required.extensions, ...payload });
    const withId = (id: string) => ({ extensions: { ...required.extensions, 'payment-identifier': { ...(required.extensions!['payment-identifier'] as Json), info: { required: false, id } } } });
    const cases: [string, Address, string, string, RegExp][] = [
      ['garbage', buyer.address, 'not a payment!', 'invalid_payload', /not base64-encoded JSON/],
      ['a v1 payload', buyer.address, header({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: await signedAuthorization(buyer, terms) }), 'invalid_x402_version', /x402Version must be 2 in PAYMENT-SIGNATURE/],
      ['a cheaper price', buyer.address, header({ accepted: { ...accepted, amount: String(usdcUnits(1)) }, payload: await signedAuthorization(buyer, { ...terms, amount: usdcUnits(1) }) }), 'invalid_payment_requirements', /accepted\.amount must be "50000000"/],
      ['the v1 network name', buyer.address, header({ accepted: { ...accepted, network: 'base-sepolia' }, payload: await signedAuthorization(buyer, terms) }), 'invalid_network', /accepted\.network must be "eip155:84532"/],
      ['another pay-to', buyer.address, header({ accepted: { ...accepted, payTo: stranger.address }, payload: await signedAuthorization(buyer, { ...terms, payTo: stranger.address }) }), 'invalid_payment_requirements', /accepted\.payTo/],
      ['an authorization for less', buyer.address, header({ payload: await signedAuthorization(buyer, terms, { value: usdcUnits(10) }), ...withId(generatePaymentId()) }), 'invalid_exact_evm_payload_authorization_value_mismatch', /amount 10 USDC is not the 50 USDC required/],
      ['another wallet paying', buyer.address, header({ payload: await signedAuthorization(other, terms) }), 'invalid_payer', /not by the job's buyer_agent_address/],
      ['a forged signature', buyer.address, header({ payload: await signedAuthorization(stranger, terms, { from: buyer.address }), ...withId(generatePaymentId()) }), 'invalid_exact_evm_signature', /not 0x[0-9a-fA-F]{40}'s EIP-712/],
      ['a short payment identifier', buyer.address, header({ payload: await signedAuthorization(buyer, terms), ...withId('short') }), 'invalid_payload', /payment-identifier extension is not valid/],
      ['no authorization', buyer.address, header({ payload: { signature: '0x00' } }), 'invalid_payload', /payload\.authorization/],
    ];
    const balances = async () => [await paying.usdcOf(buyer.address), await paying.usdcOf(other.address), await paying.usdcOf(X402_PAY_TO)];
    const [before, jobsBefore, claimsBefore] = [await balances(), await paying.jobCount(), await identifierRows()];
    for (const [name, wallet, signature, reason, detail] of cases) {
      const res = await fetch(`${app.url}/acp/jobs`, post(jobBody(wallet), { 'PAYMENT-SIGNATURE': signature }));
      expect(res.status, name).toBe(402);
      const refused = decodePaymentRequiredHeader(res.headers.get('PAYMENT-REQUIRED')!);
      expect(refused, name).toMatchObject({ x402Version: 2, error: reason, accepts: [{ amount: accepted.amount, network: 'eip155:84532' }] });
      const body = await jsonOf(res);
      expect(body, name).toMatchObject({ x402Version: 2, error: reason });
      expect(body.detail, name).toMatch(detail);
      expect(body.detail, name).toMatch(/^The x402 payment was not accepted: .*Nothing was executed\.$/);
      expect(res.headers.get('PAYMENT-RESPONSE'), name).toBeNull();
    }
    // Both versions at once is one payment too many.
    const both = await fetch(`${app.url}/acp/jobs`, post(jobBody(buyer.address), { 'PAYMENT-SIGNATURE': header({ payload: await signedAuthorization(buyer, terms) }), 'X-PAYMENT': 'e30=' }));
    expect(both.status).toBe(422);
    expect(JSON.stringify(await jsonOf(both))).toMatch(/either a PAYMENT-SIGNATURE header \(x402 v2\) or an X-PAYMENT header/);
    expect(await paying.jobCount()).toBe(jobsBefore);
    expect(await balances()).toEqual(before);
    expect(await identifierRows()).toBe(claimsBefore);
  }, 60_000);
});
