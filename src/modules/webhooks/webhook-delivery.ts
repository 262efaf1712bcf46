/**
 * One delivery attempt: a signed POST of the event's exact body, with a timeout, no redirects, HTTPS
 * trusting the system CAs plus an optional extra bundle, and connections only to permitted addresses.
 * The outcome decides what follows: 2xx delivered; 4xx other than 408 and 429 is permanent (the
 * receiver refuses this event); anything else is retried later.
 */
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, buildConnector, request } from 'undici';
import { signTimestamped, signWebhookBody } from './signature';
import { guardedConnector, guardedLookup } from './target-policy';
import type { AttemptRecord, WebhookEvent } from './webhook-event.store';

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivateTargets: boolean;
  caBundlePath: string | undefined;
}

/** One connection pool per distinct option set, so keep-alive works across attempts. */
const agents = new Map<string, Agent>();

function agentFor(options: DeliveryOptions): Agent {
  const key = `${options.allowPrivateTargets}|${options.caBundlePath ?? ''}|${options.timeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    const ca = options.caBundlePath ? [...rootCertificates, readFileSync(options.caBundlePath, 'utf8')] : undefined;
    const connect = buildConnector({ ...(ca ? { ca } : {}), lookup: guardedLookup(options.allowPrivateTargets), timeout: options.timeoutMs });
    agent = new Agent({
      connect: guardedConnector(options.allowPrivateTargets, connect),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    agents.set(key, agent);
  }
  return agent;
}

export function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export async function deliverOnce(event: WebhookEvent, secret: string, attempt: number, options: DeliveryOptions): Promise<AttemptRecord> {
  const attemptedAt = new Date();
  const started = performance.now();
  const base = { attempt, attemptedAt: attemptedAt.toISOString() };
  try {
    const response = await request(event.targetUrl, {
      method: 'POST',
      dispatcher: agentFor(options),
      body: event.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'compliance-intelligence-webhooks/1',
        'x-service-signature': signWebhookBody(event.body, secret),
        'x-service-signature-v2': signTimestamped(event.body, secret, Math.floor(attemptedAt.getTime() / 1000)),
        'x-service-event-id': event.id,
        'x-service-event': event.eventType,
        'x-service-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
      },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
    const latencyMs = Math.round(performance.now() - started);
    const status = response.statusCode;
    if (status >= 200 && status < 300) return { ...base, statusCode: status, latencyMs, outcome: 'delivered', error: null };
    if (status >= 300 && status < 400) return { ...base, statusCode: status, latencyMs, outcome: 'permanent_failure', error: 'redirects are not followed' };
    return { ...base, statusCode: status, latencyMs, outcome: isPermanentStatus(status) ? 'permanent_failure' : 'retry', error: `receiver answered ${status}` };
  } catch (err) {
    const error = err instanceof Error ? `${err.name}: ${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err);
    const refused = /EFORBIDDEN|refused to connect/.test(error);
    return { ...base, statusCode: null, latencyMs: Math.round(performance.now() - started), outcome: refused ? 'permanent_failure' : 'retry', error };
  }
}
