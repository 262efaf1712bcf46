/**
 * One push of a subscriber to the email provider: `POST <NEWSLETTER_SYNC_URL>` with JSON
 * `{email, source}` and `Authorization: Bearer <NEWSLETTER_SYNC_API_KEY>` (no header without a key).
 * 2xx is done. A 4xx other than 408 and 429 is permanent (the provider refuses this subscriber or our
 * key; retrying cannot help); anything else (5xx, 408, 429, a redirect, a timeout, a connection
 * failure) is worth retrying. Error messages carry the status or the network error, never the address.
 */

export interface EmailProviderSettings {
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The provider refused the subscriber for good: the caller should not retry. */
export class EmailProviderRejectedError extends Error {
  constructor(readonly status: number) {
    super(`the email provider refused the subscriber: HTTP ${status}`);
    this.name = 'EmailProviderRejectedError';
  }
}

export const isPermanentRefusal = (status: number): boolean => status >= 400 && status < 500 && status !== 408 && status !== 429;

export async function pushSubscriber(settings: EmailProviderSettings, subscriber: { email: string; source: string }): Promise<void> {
  let res: Response;
  try {
    res = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'compliance-intelligence-newsletter/1',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ email: subscriber.email, source: subscriber.source }),
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
    throw new Error(`the email provider was not reached: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}${cause}`, { cause: err });
  }
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) return;
  if (isPermanentRefusal(res.status)) throw new EmailProviderRejectedError(res.status);
  throw new Error(`the email provider answered HTTP ${res.status}`);
}
