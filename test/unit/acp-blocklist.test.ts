import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBlocklist, WalletBlocklist } from '../../src/modules/acp/abuse/blocklist';

const MIXER = '0x8589427373D6D84E98730D7795D8f6f8731FDA16';
const DRAINER = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const LATER = '0x722122dF12D4e14e13Ac3b6895a86e84145b6967';

const FILE = `# Known-bad buyer wallets
${MIXER} sanctioned mixer (OFAC SDN)

${DRAINER}#wallet drainer, reported 2026-01-05
  ${LATER.toLowerCase()}   # reason after spaces and a hash
not-an-address reason
0x1234 too short
${MIXER.toLowerCase()} listed twice
`;

describe('parseBlocklist', () => {
  it('reads addresses with their reasons and lines, skipping blanks, comments and repeats', () => {
    expect(parseBlocklist(FILE)).toEqual({
      entries: [
        { address: MIXER, reason: 'sanctioned mixer (OFAC SDN)', line: 2 },
        { address: DRAINER, reason: 'wallet drainer, reported 2026-01-05', line: 4 },
        { address: LATER.toLowerCase(), reason: 'reason after spaces and a hash', line: 5 },
      ],
      invalid: [
        { line: 6, text: 'not-an-address reason' },
        { line: 7, text: '0x1234 too short' },
      ],
    });
  });

  it('takes a bare address, CRLF line ends and a byte-order mark', () => {
    expect(parseBlocklist(`\uFEFF${MIXER}\r\n# comment\r\n`)).toEqual({ entries: [{ address: MIXER, reason: null, line: 1 }], invalid: [] });
    expect(parseBlocklist('')).toEqual({ entries: [], invalid: [] });
  });
});

describe('WalletBlocklist', () => {
  let dir: string;
  let path: string;
  let warnings: { obj: object; msg: string }[];
  const logger = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blocklist-'));
    path = join(dir, 'wallets.txt');
    warnings = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is empty without a file configured', async () => {
    expect(await new WalletBlocklist(undefined).lookup(MIXER)).toBeUndefined();
  });

  it('finds a wallet in any letter case and reports each invalid line once', async () => {
    writeFileSync(path, FILE);
    const blocklist = new WalletBlocklist(path, { recheckMs: 10, logger });
    expect(await blocklist.lookup(MIXER.toUpperCase().replace('0X', '0x'))).toEqual({ address: MIXER, reason: 'sanctioned mixer (OFAC SDN)', line: 2 });
    expect(await blocklist.lookup(` ${DRAINER.toLowerCase()} `)).toMatchObject({ address: DRAINER, line: 4 });
    expect(await blocklist.lookup('0x0000000000000000000000000000000000000001')).toBeUndefined();
    expect(warnings.map((w) => w.obj)).toEqual([expect.objectContaining({ line: 6 }), expect.objectContaining({ line: 7 })]);

    writeFileSync(path, `${FILE}${LATER} added\n`); // the same bad lines again, after a change
    await pause(30);
    await blocklist.lookup(MIXER);
    expect(warnings).toHaveLength(2);
  });

  it('sees a changed file once recheckMs has passed, and not before', async () => {
    writeFileSync(path, `${MIXER} first\n`);
    const blocklist = new WalletBlocklist(path, { recheckMs: 400, logger });
    expect(await blocklist.lookup(MIXER)).toMatchObject({ reason: 'first' });
    expect(await blocklist.lookup(DRAINER)).toBeUndefined();

    writeFileSync(path, `${DRAINER} second list\n`);
    expect(await blocklist.lookup(DRAINER)).toBeUndefined(); // checked under recheckMs ago
    await pause(450);
    expect(await blocklist.lookup(DRAINER)).toEqual({ address: DRAINER, reason: 'second list', line: 1 });
    expect(await blocklist.lookup(MIXER)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('keeps the last good list when the file disappears, warning once, and reloads when it is back', async () => {
    writeFileSync(path, `${MIXER} mixer\n`);
    const blocklist = new WalletBlocklist(path, { recheckMs: 10, logger });
    expect(await blocklist.lookup(MIXER)).toBeDefined();

    unlinkSync(path);
    await pause(30);
    expect(await blocklist.lookup(MIXER)).toMatchObject({ reason: 'mixer' });
    await pause(30);
    expect(await blocklist.lookup(MIXER)).toMatchObject({ reason: 'mixer' });
    expect(warnings).toEqual([{ obj: expect.objectContaining({ path, kept: 1 }), msg: expect.stringMatching(/keeping the last good list/) }]);

    writeFileSync(path, `${DRAINER}\n`);
    await pause(30);
    expect(await blocklist.lookup(DRAINER)).toMatchObject({ reason: null });
    expect(await blocklist.lookup(MIXER)).toBeUndefined();
  });

  it('answers concurrent first lookups from the one read they share', async () => {
    writeFileSync(path, `${MIXER}\n${DRAINER}\n`);
    const blocklist = new WalletBlocklist(path, { logger });
    const found = await Promise.all([blocklist.lookup(MIXER), blocklist.lookup(DRAINER), blocklist.lookup(LATER)]);
    expect(found.map((entry) => entry?.line)).toEqual([1, 2, undefined]);
  });
});
