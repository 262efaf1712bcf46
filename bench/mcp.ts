/**
 * `npm run bench:mcp`: what the MCP transport adds to a full scan. One API in process over a fresh
 * database with the standard test lists, one Enterprise client; then, on one connection each and in
 * alternating rounds (so both meet the same machine), sequential full scans through
 * `POST /v1/scans/full`, through the MCP tool `screen_person` with the official client over
 * streamable HTTP, and through the same tool as one plain JSON-RPC POST (what the server adds, without
 * the client library's own validation of the result). Reports the medians and their differences.
 * Beside the latencies, this process's CPU per call (the API and the client run in it), which says what
 * each path costs when a loaded machine stretches the wall times. Target: the MCP median within 2 ms of
 * the REST median.
 */
import { loadStandardFixtures } from '../test/helpers/lists';
import { createTestClient, tokenFor } from '../test/helpers/identity';
import { mcpClient } from '../test/helpers/mcp-client';
import { startTestApp } from '../test/helpers/test-app';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';
import { measureMachineLoad } from './support/machine-load';

const say = (line: string) => process.stdout.write(`${line}\n`);

const PEOPLE = [
  { name: 'Raed Muhamad Hasan Hijazi', dob: '1968-12-30' },
  { name: 'Sarah Louise Mitchell', dob: '1985-04-12', country_code: 'AU' },
  { name: 'Nguyen Van Minh', nationality_code: 'VN' },
  { name: 'Mohammed Ahmed Al-Rashid', dob: '1970-01-01' },
  { name: "James O'Connor", country_code: 'IE' },
];
const ROUNDS = 10;
const PER_ROUND = 100;

/** Wall time of one call, and this process's CPU time over it (the API and the client both run here). */
async function timed(work: () => Promise<unknown>, cpu: { ms: number }): Promise<number> {
  const started = process.hrtime.bigint();
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  cpu.ms += (used.user + used.system) / 1000;
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main(): Promise<void> {
  const config = await freshBenchConfig('mcp');
  const app = await startTestApp(config);
  try {
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    const client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 10_000_000 });
    const token = await tokenFor(app.url, client);
    const mcp = await mcpClient(`${app.url}/mcp`, token);
    let i = 0;
    const rest = async () => {
      const res = await fetch(`${app.url}/v1/scans/full`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entity_type: 'person', ...PEOPLE[i++ % PEOPLE.length] }),
      });
      if (res.status !== 200) throw new Error(`REST scan answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    let rpcId = 0;
    const rawMcp = async () => {
      const res = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: (rpcId += 1), method: 'tools/call', params: { name: 'screen_person', arguments: PEOPLE[i++ % PEOPLE.length] } }),
      });
      const text = await res.text();
      if (res.status !== 200 || text.includes('"isError":true')) throw new Error(`MCP JSON-RPC call answered ${res.status}: ${text.slice(0, 300)}`);
    };
    const viaMcp = async () => {
      const result = await mcp.callTool({ name: 'screen_person', arguments: PEOPLE[i++ % PEOPLE.length]! });
      if (result.isError) throw new Error(`screen_person failed: ${JSON.stringify(result.structuredContent)}`);
    };

    say('bench:mcp — full scans of a person: REST POST /v1/scans/full against the MCP tool screen_person (official client, streamable HTTP)');
    say('  warming up (200 of each)...');
    for (let n = 0; n < 200; n += 1) {
      await rest();
      await viaMcp();
      await rawMcp();
    }
    const machineLoad = measureMachineLoad();
    const work = { rest, mcp: viaMcp, raw: rawMcp };
    const samples = { rest: [] as number[], mcp: [] as number[], raw: [] as number[] };
    const cpu = { rest: { ms: 0 }, mcp: { ms: 0 }, raw: { ms: 0 } };
    const kinds = ['rest', 'mcp', 'raw'] as const;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotate which goes first, so none always meets another's aftermath.
      const order = kinds.map((_, k) => kinds[(k + round) % kinds.length]!);
      for (const kind of order) for (let n = 0; n < PER_ROUND; n += 1) samples[kind].push(await timed(work[kind], cpu[kind]));
    }
    const r = percentiles(samples.rest);
    const m = percentiles(samples.mcp);
    const j = percentiles(samples.raw);
    say(`  ${ROUNDS} alternating rounds of ${PER_ROUND} sequential scans each, one connection each; ${machineLoad()}`);
    say(`  REST:  p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`);
    say(`  MCP (official client):   p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, p99 ${ms(m.p99)}`);
    say(`  MCP (plain JSON-RPC POST): p50 ${ms(j.p50)}, p95 ${ms(j.p95)}, p99 ${ms(j.p99)}; median − REST median: ${ms(j.p50 - r.p50)}`);
    const perCall = (kind: keyof typeof cpu) => ms(cpu[kind].ms / samples[kind].length);
    say(`  CPU of this process (API and client) per call: REST ${perCall('rest')}, MCP official client ${perCall('mcp')}, MCP JSON-RPC ${perCall('raw')} (PostgreSQL's is apart and the same scan)`);
    say(`  MCP (official client) median − REST median: ${ms(m.p50 - r.p50)} (ratio ${(m.p50 / r.p50).toFixed(2)}); target within 2 ms: ${m.p50 - r.p50 <= 2 ? 'met' : 'NOT met'}`);
    await mcp.close();
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:mcp failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
