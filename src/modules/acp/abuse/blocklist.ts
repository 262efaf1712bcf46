/**
 * The wallet blocklist (config `ACP_WALLET_BLOCKLIST_FILE`): known-bad buyer wallets, one EVM address
 * per line with an optional reason, kept in a plain file so an operator can add a wallet without a
 * deploy. The file is re-read when it changes; when it cannot be read the last good list stays in
 * force, so a bad edit or a moved file never lets a known-bad wallet back in.
 */
import { stat, readFile } from 'node:fs/promises';

export interface BlocklistEntry {
  /** As written in the file; compared case-insensitively. */
  address: string;
  reason: string | null;
  /** 1-based line number in the file, for the operator. */
  line: number;
}

export interface ParsedBlocklist {
  entries: BlocklistEntry[];
  /** Lines that are neither blank, a comment nor an address. */
  invalid: { line: number; text: string }[];
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Parses the blocklist file's text. Each line: an address, then optionally a reason after whitespace
 * or after `#` (`0xabc… sanctioned mixer`, `0xabc… # reported 2026-01-05`); blank lines and lines
 * starting with `#` are skipped. A line that is not an address is returned as invalid instead of
 * failing the file: one typo must not drop every other wallet. A repeated address keeps its first line.
 */
export function parseBlocklist(text: string): ParsedBlocklist {
  const entries: BlocklistEntry[] = [];
  const invalid: ParsedBlocklist['invalid'] = [];
  const seen = new Set<string>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const trimmed = raw.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      const [, address = '', rest = ''] = /^([^\s#]*)(.*)$/s.exec(trimmed) ?? [];
      if (!EVM_ADDRESS.test(address)) {
        invalid.push({ line: index + 1, text: trimmed });
        return;
      }
      const key = address.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      const reason = rest.trim().replace(/^#\s*/, '').trim();
      entries.push({ address, reason: reason === '' ? null : reason, line: index + 1 });
    });
  return { entries, invalid };
}

export interface BlocklistLogger {
  warn(obj: object, msg: string): void;
}

/**
 * A blocklist file watched by polling on lookup: at most every `recheckMs` the file's mtime and size
 * are compared with the last read, and it is read again only when they changed. Polling on use needs
 * no watcher to clean up and works on every file system; an edit is seen within `recheckMs`.
 */
export class WalletBlocklist {
  private readonly recheckMs: number;
  private readonly logger: BlocklistLogger | undefined;
  private byAddress = new Map<string, BlocklistEntry>();
  private loadedVersion: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readonly reportedInvalid = new Set<string>();
  private failing = false;

  constructor(
    private readonly path: string | undefined,
    options: { recheckMs?: number; logger?: BlocklistLogger } = {},
  ) {
    this.recheckMs = options.recheckMs ?? 1000;
    this.logger = options.logger;
  }

  /** The blocklist entry for a wallet (any letter case), or undefined when it is not listed. */
  async lookup(address: string): Promise<BlocklistEntry | undefined> {
    await this.refresh();
    return this.byAddress.get(address.trim().toLowerCase());
  }

  /** Re-reads the file when due and changed; concurrent lookups share one check. */
  private async refresh(): Promise<void> {
    if (this.path === undefined || Date.now() - this.checkedAt < this.recheckMs) return;
    this.checking ??= this.check(this.path).finally(() => {
      this.checkedAt = Date.now();
      this.checking = undefined;
    });
    await this.checking;
  }

  private async check(path: string): Promise<void> {
    try {
      const info = await stat(path);
      const version = `${info.mtimeMs}:${info.size}`;
      if (version === this.loadedVersion) return;
      const parsed = parseBlocklist(await readFile(path, 'utf8'));
      this.byAddress = new Map(parsed.entries.map((entry) => [entry.address.toLowerCase(), entry]));
      this.loadedVersion = version;
      this.failing = false;
      for (const bad of parsed.invalid) {
        if (this.reportedInvalid.has(bad.text)) continue;
        this.reportedInvalid.add(bad.text);
        this.logger?.warn({ path, line: bad.line, text: bad.text }, 'wallet blocklist line is not an EVM address; skipped');
      }
    } catch (err) {
      if (this.failing) return; // warned once for this outage; the warning would repeat every check
      this.failing = true;
      this.loadedVersion = undefined; // read the file again as soon as it is back, whatever its mtime
      this.logger?.warn({ err, path, kept: this.byAddress.size }, 'wallet blocklist unreadable; keeping the last good list');
    }
  }
}
