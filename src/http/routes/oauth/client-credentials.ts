/** Reading client credentials from a token request: HTTP Basic or form fields, never both (RFC 6749 2.3.1). */
import { AppError } from '../../../errors';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope';

export function oauthError(status: 400 | 401, error: OAuthErrorCode, detail: string, headers: Record<string, string> = {}): AppError {
  return new AppError(status, error, detail, { 'Cache-Control': 'no-store', ...headers }, { error });
}

export interface PresentedCredentials {
  clientId: string;
  clientSecret: string;
  method: 'basic' | 'form';
}

/** Credentials in the request; undefined when none were sent. */
export function presentedCredentials(authorization: string, form: { client_id?: string; client_secret?: string }): PresentedCredentials | undefined {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  const inForm = form.client_id !== undefined || form.client_secret !== undefined;
  if (basic?.[1]) {
    if (inForm) throw oauthError(400, 'invalid_request', 'Send client credentials either with HTTP Basic or as form fields, not both');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError(401, 'invalid_client', 'Invalid client credentials', { 'WWW-Authenticate': 'Basic realm="compliance-intelligence"' });
    try {
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)), method: 'basic' };
    } catch {
      throw oauthError(401, 'invalid_client', 'Invalid client credentials', { 'WWW-Authenticate': 'Basic realm="compliance-intelligence"' });
    }
  }
  if (!inForm) return undefined;
  if (!form.client_id || !form.client_secret) throw oauthError(400, 'invalid_request', 'Both client_id and client_secret are required');
  return { clientId: form.client_id, clientSecret: form.client_secret, method: 'form' };
}
