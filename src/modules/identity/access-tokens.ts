/**
 * Access tokens: ES256 JWTs with `kid`, `iss`, `aud`, `sub` (client id), `acc` (account id), `scope`
 * and `exp`. Verification accepts only ES256 with a key from our own set, so `alg: none`, HS256 keyed
 * with the public key, and tokens signed with any other key are refused.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { SIGNING_ALG, type SigningKeyStore } from './signing-keys';

export interface AccessTokenClaims {
  clientId: string;
  accountId: string;
  scopes: string[];
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

export type TokenFailure = 'expired' | 'invalid';

/** Raised by verify; for an expired (but authentic) token it still says whose it was. */
export class TokenVerificationError extends Error {
  constructor(
    readonly reason: TokenFailure,
    readonly clientId: string | undefined,
  ) {
    super(reason === 'expired' ? 'Access token expired' : 'Invalid access token');
    this.name = 'TokenVerificationError';
  }
}

/** Verified tokens are remembered (signature checks are the costly part); expiry is still checked on every use. */
const VERIFIED_CACHE_MAX = 10_000;

export class AccessTokens {
  private readonly verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();

  constructor(
    private readonly keys: SigningKeyStore,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  async issue(claims: AccessTokenClaims, lifetimeSeconds: number): Promise<IssuedToken> {
    const { kid, key } = await this.keys.signingKey();
    const accessToken = await new SignJWT({ acc: claims.accountId, scope: claims.scopes.join(' ') })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(claims.clientId)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${lifetimeSeconds}s`)
      .sign(key);
    return { accessToken, expiresIn: lifetimeSeconds };
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(token);
      throw new TokenVerificationError('expired', known.claims.clientId);
    }
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = header.kid ? await this.keys.publicKeyFor(header.kid) : undefined;
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        // A token without `exp` would be good for ever (jose checks `exp` only when present), so it is required.
        { issuer: this.issuer, audience: this.audience, algorithms: [SIGNING_ALG], typ: 'at+jwt', requiredClaims: ['exp'] },
      );
      const claims = claimsOf(payload);
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, expiresAtMs: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch (err) {
      if (err instanceof TokenVerificationError) throw err;
      if (err instanceof errors.JWTExpired) throw new TokenVerificationError('expired', err.payload.sub);
      throw new TokenVerificationError('invalid', undefined);
    }
  }
}

function claimsOf(payload: JWTPayload): AccessTokenClaims {
  if (typeof payload.sub !== 'string' || typeof payload.acc !== 'string' || typeof payload.scope !== 'string') {
    throw new TokenVerificationError('invalid', undefined);
  }
  return { clientId: payload.sub, accountId: payload.acc, scopes: payload.scope.split(' ').filter(Boolean) };
}
