/**
 * The recorded workflow histories on disk (test/fixtures/histories/<workflowType>.json, in the JSON
 * form the Temporal CLI and Web UI export), shared by the recorder and the replay test: which types the
 * worker registers, where each history lives, and what a history says once its payloads are decoded,
 * so both can prove no secret was recorded.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { History } from '@temporalio/common/lib/proto-utils';
import { historyFromJson } from './history-json';
import type { AppConfig } from '../../src/config';
import * as registered from '../../workflows';

export const HISTORY_DIR = join(__dirname, '..', '..', 'test', 'fixtures', 'histories');

/** A history this large is no longer a small fixture: re-record with a smaller run. */
export const MAX_HISTORY_BYTES = 256 * 1024;

/**
 * Every workflow type the worker registers: the functions the workflows barrel (the worker's
 * `workflowsPath`) exports. A new workflow is on this list the moment it is exported.
 */
export function registeredWorkflowTypes(): string[] {
  return Object.entries(registered)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();
}

export const historyFile = (workflowType: string): string => join(HISTORY_DIR, `${workflowType}.json`);

/**
 * The stored history files: `<workflowType>.json`, written by the recorder, and any kept by hand as
 * `<workflowType>--<label>.json` (a history recorded before an intentional change, kept until the runs
 * started before the deploy have closed, so the patched code is proven to replay them too).
 */
export function storedHistoryFiles(): string[] {
  return existsSync(HISTORY_DIR) ? readdirSync(HISTORY_DIR).filter((f) => f.endsWith('.json')).sort() : [];
}

/** The workflow type a stored file is named after. */
export const typeOfFile = (file: string): string => file.replace(/\.json$/, '').split('--')[0]!;

/** A stored history file, parsed back into the SDK's proto form. */
export function readHistoryFile(file: string): History {
  return historyFromJson(JSON.parse(readFileSync(join(HISTORY_DIR, file), 'utf8')));
}

/** The recorder's history of a workflow type. */
export const readHistory = (workflowType: string): History => readHistoryFile(`${workflowType}.json`);

/** The workflow type a history's first event started. */
export function startedType(history: History): string | undefined {
  return history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? undefined;
}

/**
 * The history's JSON text followed by every payload's data decoded from base64: inputs, results,
 * signals, memos and search attributes are base64 inside the JSON, so a scan of the raw text alone
 * would miss a secret carried in one.
 */
export function readableText(historyJson: string): string {
  const decoded: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string' && key === 'data') decoded.push(Buffer.from(value, 'base64').toString('utf8'));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(JSON.parse(historyJson), '');
  return [historyJson, ...decoded].join('\n');
}

/** What no history may hold, whatever run recorded it: credentials by their well-known shapes. */
export const SECRET_SHAPES: { what: string; pattern: RegExp }[] = [
  { what: 'a Stripe secret or restricted key', pattern: /\b(sk|rk)_(test|live)_[A-Za-z0-9]{8,}/ },
  { what: 'a Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9_]{8,}/ },
  { what: 'a PEM private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { what: 'a JWT', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { what: 'a client secret field', pattern: /"?(client_secret|clientSecret|webhook_secret|webhookSecret|apiKey|api_key|password)"?\s*:\s*"[^"]+"/ },
  { what: 'a connection string with a password', pattern: /\b(postgres(ql)?|redis):\/\/[^:@/\s]+:[^@/\s]+@/ },
];

/** The secrets (given values, then known shapes) that the history's readable text holds. */
export function secretsIn(historyJson: string, knownSecrets: readonly string[]): string[] {
  const text = readableText(historyJson);
  const found = knownSecrets.filter((secret) => secret.length >= 8 && text.includes(secret)).map((secret) => `a known secret (${secret.slice(0, 4)}…)`);
  for (const shape of SECRET_SHAPES) if (shape.pattern.test(text)) found.push(shape.what);
  return found;
}

/** Every string in the parsed configuration whose key names a secret (keys, secrets, tokens, passwords). */
export function configSecrets(config: AppConfig): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string' && /secret|key|token|password|guid|anchor/i.test(key) && !/address|path|url|id$/i.test(key) && value.length >= 8) {
      found.push(value, ...(/^0x[0-9a-f]{64}$/i.test(value) ? [value.slice(2)] : []));
    } else if (Buffer.isBuffer(value)) {
      found.push(value.toString('base64'), value.toString('hex'), ...(/^[\x20-\x7e]{16,}$/.test(value.toString('latin1')) ? [value.toString('latin1')] : []));
    }
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(config, '');
  return found;
}
