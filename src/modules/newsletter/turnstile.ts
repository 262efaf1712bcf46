/**
 * Cloudflare Turnstile's server-side check (siteverify): a form POST of `secret`, `response` (the
 * widget's token) and `remoteip`; the answer is JSON with `success` and `error-codes`, HTTP 200 whether
 * or not the token passed. Tokens are single-use, so a check is never retried here.
 *
 * The verdicts: `passed`; `failed` when the token is the problem (missing, invalid, expired or already
 * used: the visitor should complete the check again); `unavailable` when it is not the visitor's fault
 * (siteverify unreachable, a non-JSON or non-200 answer, Cloudflare's `internal-error`, or our own secret
 * refused: `missing-input-secret`, `invalid-input-secret`).
 */

export type HumanCheck =
  | { verdict: 'passed' }
  | { verdict: 'failed'; errorCodes: string[] }
  | { verdict: 'unavailable'; reason: string; misconfigured: boolean };

/** Error codes that mean the server side is at fault, not the token. */
const SECRET_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret']);
const SERVICE_ERRORS = new Set(['internal-error']);

export interface TurnstileSettings {
  secret: string;
  verifyUrl: string;
  timeoutMs: number;
}

export class TurnstileClient {
  constructor(private readonly settings: TurnstileSettings) {}

  async verify(token: string | null | undefined, remoteIp: string | undefined): Promise<HumanCheck> {
    if (!token) return { verdict: 'failed', errorCodes: ['missing-input-response'] };
    const form = new URLSearchParams({ secret: this.settings.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let status: number;
    let answer: unknown;
    try {
      const res = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        body: form,
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      status = res.status;
      answer = await res.json().catch(() => undefined);
    } catch (err) {
      return { verdict: 'unavailable', reason: `siteverify not reached: ${describeFetchError(err)}`, misconfigured: false };
    }
    if (status !== 200 || !isSiteverifyAnswer(answer)) {
      return { verdict: 'unavailable', reason: `siteverify answered HTTP ${status} without a siteverify body`, misconfigured: false };
    }
    if (answer.success === true) return { verdict: 'passed' };
    const codes = answer['error-codes'] ?? [];
    if (codes.some((c) => SECRET_ERRORS.has(c))) return { verdict: 'unavailable', reason: `siteverify refused our secret (${codes.join(', ')})`, misconfigured: true };
    if (codes.some((c) => SERVICE_ERRORS.has(c))) return { verdict: 'unavailable', reason: `siteverify failed internally (${codes.join(', ')})`, misconfigured: false };
    return { verdict: 'failed', errorCodes: codes.length > 0 ? codes : ['invalid-input-response'] };
  }
}

function isSiteverifyAnswer(value: unknown): value is { success: boolean; 'error-codes'?: string[] } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const codes = v['error-codes'];
  return typeof v.success === 'boolean' && (codes === undefined || (Array.isArray(codes) && codes.every((c) => typeof c === 'string')));
}

function describeFetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.name}: ${err.message}${cause}`;
}
