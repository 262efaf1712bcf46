import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowIds } from '../../src/temporal/workflow-ids';
import { registerRefreshWorkflow } from '../../workflows/register-refresh';
import { writeAbrExtract } from '../../scripts/generate-abr-extract';
import { writeBannedOrgs, writeBannedPersons, writeCompanies } from '../../scripts/register-fixtures/asic';
import JSZip from 'jszip';
import { ensureRegisterSchedules } from '../../src/platform/temporal/schedules';
import { AustenderQuerySchema, queryAustender } from '../../src/modules/registers/austender-query';
import { austenderPackage, austenderRelease } from '../../scripts/register-fixtures/austender';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('register refreshes on Temporal', () => {
  let app: TestApp;
  let worker: TestWorker;
  const dir = mkdtempSync(join(tmpdir(), 'abr-load-'));
  beforeAll(async () => {
    const config = testConfig({ TEMPORAL_TASK_QUEUE: `registers-${randomUUID()}` });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });

  const refresh = async (file: string) => {
    const workflowId = workflowIds.register('abr');
    const handle = await app.deps.temporal.client.workflow.start(registerRefreshWorkflow, { taskQueue: app.deps.config.temporal.taskQueue, workflowId, args: [{ source: 'abr', file }] });
    return { workflowId, result: handle.result() };
  };
  const db = () => app.deps.orm.em.fork().getConnection();

  it('loads an extract as a version under register-abr-<time>, then finds the same file unchanged and makes no new version', async () => {
    const file = join(dir, 'extract.xml');
    await writeAbrExtract(file, 300, { malformed: true });
    const first = await refresh(file);
    expect(first.workflowId).toMatch(/^register-abr-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const loaded = await first.result;
    expect(loaded).toMatchObject({ source: 'abr', status: 'succeeded', recordCount: 300, problemCount: 2 });
    const [row] = await db().execute<{ n: number; load_id: string }[]>('select count(*)::int as n, min(load_id::text) as load_id from abr_entities where load_id = ?', [loaded.loadId]);
    expect(row!.n).toBe(300);
    const [load] = await db().execute<{ workflow_id: string; problems: unknown[] }[]>('select workflow_id, problems from register_loads where id = ?', [loaded.loadId]);
    expect(load!.workflow_id).toBe(first.workflowId);
    expect(load!.problems).toHaveLength(2);

    const again = await (await refresh(file)).result;
    expect(again).toMatchObject({ status: 'unchanged', versionNumber: null });
    const [versions] = await db().execute<{ n: number }[]>(`select count(*)::int as n from register_loads where source = 'abr' and status = 'succeeded' and content_sha256 = ?`, [loaded.contentSha256]);
    expect(versions!.n).toBe(1);
  });

  it('fails a truncated extract without changing what is loaded, and records the failure', async () => {
    const file = join(dir, 'cut.xml');
    await writeAbrExtract(file, 3_000);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/<ABR [^\n]*\n?$/m, '').slice(0, -5_000)); // breaks after a batch was written
    const before = await db().execute<{ n: number }[]>('select count(*)::int as n from abr_entities');
    const run = await refresh(file);
    await expect(run.result).rejects.toBeInstanceOf(WorkflowFailedError);
    const after = await db().execute<{ n: number }[]>('select count(*)::int as n from abr_entities');
    expect(after[0]!.n).toBe(before[0]!.n); // one transaction: nothing of the broken file stays
    const [load] = await db().execute<{ status: string }[]>('select status from register_loads where workflow_id = ? order by started_at desc limit 1', [run.workflowId]);
    expect(load!.status).toBe('failed');
  });

  it('gives a register with a URL its own Schedule, whose run downloads the file and loads it under register-<source>-<time>', async () => {
    const persons = join(dir, 'served-persons.csv');
    writeBannedPersons(persons, [{ name: 'CITIZEN, JOHN WILLIAM', type: 'Disqualified from managing corporations', start: '01/03/2022' }]);
    const server = createServer((req, res) => {
      if (req.url !== '/banned-persons.csv') return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end(readFileSync(persons));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/banned-persons.csv`;
    const config = { ...app.deps.config, registers: { ...app.deps.config.registers, urls: { asic_banned_persons: url } } };
    const client = app.deps.temporal.client;
    try {
      const lines = await ensureRegisterSchedules(client, config);
      expect(lines).toContain('register-asic_banned_persons: every 168 h (created)');
      expect(lines.find((l) => l.startsWith('register-abr:'))).toMatch(/off \(no REGISTER_URL_ABR/);
      const schedule = client.schedule.getHandle('register-asic_banned_persons');
      await schedule.trigger();
      let load: { workflow_id: string; status: string; record_count: number } | undefined;
      for (let i = 0; i < 100 && load?.status !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        [load] = await db().execute<{ workflow_id: string; status: string; record_count: number }[]>(
          `select workflow_id, status, record_count from register_loads where source = 'asic_banned_persons' and workflow_id like 'register-asic_banned_persons-%' order by started_at desc limit 1`,
        );
      }
      expect(load).toMatchObject({ status: 'succeeded', record_count: 1 });
      // The load row is written by an activity; the run completes just after it.
      await client.workflow.getHandle(load!.workflow_id).result();
      const described = await client.workflow.getHandle(load!.workflow_id).describe();
      expect(described.type).toBe('registerRefreshWorkflow');
      expect(described.status.name).toBe('COMPLETED');
    } finally {
      await client.schedule.getHandle('register-asic_banned_persons').delete().catch(() => {});
      await new Promise((r) => server.close(r));
    }
  });

  it('loads every register kind from a file, and a second identical file makes no new version', async () => {
    const file = join(dir, 'orgs.tsv');
    writeBannedOrgs(file, [{ acn: '008876033', name: 'BLACKBURNE & DIXON PTY LTD', type: 'Credit banning by a State or Territory', start: '10/04/2001' }]);
    const run = async () => {
      const workflowId = workflowIds.register('asic_banned_orgs');
      const handle = await app.deps.temporal.client.workflow.start(registerRefreshWorkflow, { taskQueue: app.deps.config.temporal.taskQueue, workflowId, args: [{ source: 'asic_banned_orgs', file }] });
      return handle.result();
    };
    const first = await run();
    expect(first).toMatchObject({ source: 'asic_banned_orgs', status: 'succeeded', recordCount: 1 });
    expect(await run()).toMatchObject({ status: 'unchanged', versionNumber: null });
    const [rows] = await db().execute<{ n: number; loads: number }[]>(
      `select count(*)::int as n, count(distinct load_id)::int as loads from register_entries where source = 'asic_banned_orgs' and name = 'BLACKBURNE & DIXON PTY LTD'`,
    );
    expect(rows).toEqual({ n: 1, loads: 1 }); // the unchanged file wrote no rows
    expect(first.loadId).toEqual(expect.any(String));

    const wrong = join(dir, 'wrong.csv');
    writeFileSync(wrong, 'a,b,c\n1,2,3\n');
    const handle = await app.deps.temporal.client.workflow.start(registerRefreshWorkflow, {
      taskQueue: app.deps.config.temporal.taskQueue,
      workflowId: workflowIds.register('asic_banned_orgs'),
      args: [{ source: 'asic_banned_orgs', file: wrong }],
    });
    await expect(handle.result()).rejects.toThrow(WorkflowFailedError);
  });

  it('refreshes AusTender from its OCDS API over the recent window, page by page, into the contract query', async () => {
    const agency = `Department of Workflow Tests ${randomUUID().slice(0, 6)}`;
    const windows: string[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const window = /^\/ocds\/findByDates\/contractPublished\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (!window) return void res.writeHead(404).end();
      windows.push(`${window[1]}/${window[2]}`);
      const self = `http://${req.headers.host}${url.pathname}`;
      const page2 = url.searchParams.get('page') === '2';
      const releases = page2 ? [austenderRelease(2, { cnId: 'CN8800003', agency, amount: '75000.00' })] : [austenderRelease(0, { cnId: 'CN8800001', agency, amount: 50000 }), austenderRelease(1, { cnId: 'CN8800002', agency, amount: '250000.00' })];
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(austenderPackage(releases, page2 ? { self } : { self, next: `${self}?page=2` })));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const handle = await app.deps.temporal.client.workflow.start(registerRefreshWorkflow, {
        taskQueue: app.deps.config.temporal.taskQueue,
        workflowId: workflowIds.register('austender'),
        args: [{ source: 'austender', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocds` }],
      });
      expect(await handle.result()).toMatchObject({ source: 'austender', status: 'succeeded', recordCount: 3 });
      expect(windows).toHaveLength(2);
      const [from, to] = windows[0]!.split('/').map((t) => Date.parse(t));
      expect(to! - from!).toBeGreaterThanOrEqual(app.deps.config.registers.austenderWindowDays * 86_400_000 - 1_000);
      const found = await queryAustender(app.deps.orm.em.fork(), AustenderQuerySchema.parse({ agency, min_value: 60000 }));
      expect(found.contracts.map((c) => c.cn_id).sort()).toEqual(['CN8800002', 'CN8800003']);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('downloads the ZIP archives registers are published in (an ABR extract part of several XML files, the ASIC company dataset) and loads them', async () => {
    const extract = (name: string, records: number) => {
      const path = join(dir, name);
      return writeAbrExtract(path, records).then(() => readFileSync(path));
    };
    // The parts hold different records: the second is the first's records shifted (abrRecordXml is deterministic by index).
    const part1 = await extract('p1.xml', 20);
    const part2 = (await extract('p2.xml', 40)).toString('utf8').replace(/<ABR [^\n]*\n/g, (line, offset: number, all: string) => (all.slice(0, offset).split('<ABR ').length - 1 < 20 ? '' : line));
    const abrZip = new JSZip();
    abrZip.file('20261120_Public01.xml', part1);
    abrZip.file('20261120_Public02.xml', part2);
    abrZip.file('readme.txt', 'not an extract file');
    const companies = join(dir, 'COMPANY_202611.csv');
    writeCompanies(companies, [{ name: 'ZIPPED HOLDINGS PTY LTD', acn: '000000019', status: 'REGD', abn: '53004085616' }]);
    const companyZip = new JSZip();
    companyZip.file('COMPANY_202611.csv', readFileSync(companies));
    const served: Record<string, Buffer> = {
      '/public_split_1_10.zip': await abrZip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      '/COMPANY_202611.zip': await companyZip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      '/not-a-zip.zip': Buffer.from('PK\u0003\u0004 truncated'),
    };
    const server = createServer((req, res) => {
      const body = served[req.url ?? ''];
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'application/zip' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const refresh = (source: 'abr' | 'asic_companies', path: string) =>
      app.deps.temporal.client.workflow
        .start(registerRefreshWorkflow, { taskQueue: app.deps.config.temporal.taskQueue, workflowId: workflowIds.register(source), args: [{ source, url: `${base}${path}` }] })
        .then((h) => h.result());
    try {
      const abr = await refresh('abr', '/public_split_1_10.zip');
      expect(abr).toMatchObject({ source: 'abr', status: 'succeeded', recordCount: 40, problemCount: 0 });
      const [stored] = await db().execute<{ n: number }[]>('select count(*)::int as n from abr_entities where load_id = ?', [abr.loadId]);
      expect(stored!.n).toBe(40);
      const company = await refresh('asic_companies', '/COMPANY_202611.zip');
      expect(company).toMatchObject({ source: 'asic_companies', status: 'succeeded', recordCount: 1 });
      const [row] = await db().execute<{ name: string }[]>(`select name from asic_companies where acn = '000000019' and load_id = ?`, [company.loadId]);
      expect(row!.name).toBe('ZIPPED HOLDINGS PTY LTD');
      await expect(refresh('abr', '/not-a-zip.zip')).rejects.toBeInstanceOf(WorkflowFailedError);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
