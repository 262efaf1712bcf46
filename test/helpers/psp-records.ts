/**
 * The payment provider's own records, for the reconciliation and repair tests. stripe-mock is stateless:
 * every list answers the same fixture, created in 2009, and it cannot hold "a payment that happened".
 * This local server speaks the provider's protocol for what reconciliation and repair call (list
 * Checkout Sessions, charges, refunds and disputes, paged with `limit`, `starting_after` and `has_more`,
 * filtered by `created[gte]` / `created[lt]` and `charge`; retrieve a Checkout Session), answering with
 * objects the test planted: each is stripe-mock's own fixture of that type with the fields that make it
 * the test's overridden. Every other request (and a session nobody planted) goes to stripe-mock.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Collection = 'checkout/sessions' | 'charges' | 'refunds' | 'disputes';

const FIXTURE_PATHS: Record<Collection, string> = {
  'checkout/sessions': '/v1/checkout/sessions/cs_fixture',
  charges: '/v1/charges/ch_fixture',
  refunds: '/v1/refunds/re_fixture',
  disputes: '/v1/disputes/dp_fixture',
};

export const providerId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface PspRecords {
  url: string;
  /** List requests served, by collection, with their query (to see the paging). */
  listRequests: { collection: Collection; query: URLSearchParams }[];
  plantPaidSession(s: { id: string; accountId: string | null; packIndex?: number; amountTotal: number; paymentIntent: string; created?: number }): Promise<Json>;
  plantCharge(c: { paymentIntent: string; amount: number; created?: number }): Promise<Json>;
  plantRefund(r: { charge: string; paymentIntent: string; amount: number; created?: number }): Promise<Json>;
  plantDispute(d: { charge: string; paymentIntent: string; amount: number; created?: number }): Promise<Json>;
  close(): Promise<void>;
}

export async function startPspRecords(stripeMockUrl: string, secretKey: string): Promise<PspRecords> {
  const planted: Record<Collection, Json[]> = { 'checkout/sessions': [], charges: [], refunds: [], disputes: [] };
  const listRequests: PspRecords['listRequests'] = [];

  const fixture = async (collection: Collection): Promise<Json> => {
    const res = await fetch(`${stripeMockUrl}${FIXTURE_PATHS[collection]}`, { headers: { Authorization: `Bearer ${secretKey}` } });
    if (!res.ok) throw new Error(`stripe-mock fixture ${collection}: ${res.status}`);
    return (await res.json()) as Json;
  };
  const plant = async (collection: Collection, fields: Json): Promise<Json> => {
    const object = { ...(await fixture(collection)), livemode: false, ...fields };
    planted[collection].push(object);
    return object;
  };

  const forward = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const answer = await fetch(`${stripeMockUrl}${req.url}`, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : body });
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };

  const list = (collection: Collection, query: URLSearchParams, res: ServerResponse) => {
    listRequests.push({ collection, query });
    const gte = query.get('created[gte]');
    const lt = query.get('created[lt]');
    const charge = query.get('charge');
    // Newest first, as the provider lists.
    const matching = planted[collection]
      .filter((o) => (gte === null || (o.created as number) >= Number(gte)) && (lt === null || (o.created as number) < Number(lt)) && (charge === null || o.charge === charge))
      .sort((a, b) => (b.created as number) - (a.created as number) || String(b.id).localeCompare(String(a.id)));
    const after = query.get('starting_after');
    const from = after ? matching.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    const data = matching.slice(from, from + limit);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', url: `/v1/${collection}`, has_more: from + limit < matching.length, data }));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://records.local');
      const collection = (Object.keys(planted) as Collection[]).find((c) => url.pathname === `/v1/${c}`);
      if (req.method === 'GET' && collection) return list(collection, url.searchParams, res);
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const known = retrieve && req.method === 'GET' ? planted['checkout/sessions'].find((s) => s.id === retrieve[1]) : undefined;
      if (known) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(known));
      }
      forward(req, res, Buffer.concat(chunks)).catch((err: unknown) => {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(err) } }));
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    listRequests,
    plantPaidSession: (s) =>
      plant('checkout/sessions', {
        id: s.id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: s.amountTotal,
        currency: 'aud',
        payment_intent: s.paymentIntent,
        client_reference_id: s.accountId,
        metadata: s.accountId ? { account_id: s.accountId, pack_index: String(s.packIndex ?? 0) } : {},
        created: s.created ?? now(),
      }),
    plantCharge: (c) => plant('charges', { id: providerId('ch'), object: 'charge', amount: c.amount, amount_refunded: 0, currency: 'aud', payment_intent: c.paymentIntent, status: 'succeeded', paid: true, created: c.created ?? now() }),
    plantRefund: (r) => plant('refunds', { id: providerId('re'), object: 'refund', amount: r.amount, charge: r.charge, payment_intent: r.paymentIntent, currency: 'aud', status: 'succeeded', created: r.created ?? now() }),
    plantDispute: (d) => plant('disputes', { id: providerId('dp'), object: 'dispute', amount: d.amount, charge: d.charge, payment_intent: d.paymentIntent, currency: 'aud', status: 'needs_response', created: d.created ?? now() }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
