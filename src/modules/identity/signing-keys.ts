/**
 * The JWT signing keys (ES256). The newest unretired key signs; retired keys keep verifying until every
 * token they signed has expired, so a rotation never logs anyone out. Keys live in PostgreSQL (private
 * halves sealed) so every API process signs and verifies with the same set.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from './secret-box';
import { sql } from '../../db/sql';

export const SIGNING_ALG = 'ES256';
/** How long a process trusts its cached key set before re-reading it (a rotation elsewhere shows within this). */
const CACHE_MS = 30_000;
/** Unknown kids re-read the key set at most this often. */
const FORCED_RELOAD_INTERVAL_MS = 1_000;

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  privateKey?: CryptoKey;
  publicKey: CryptoKey;
  createdAt: Date;
  retiredAt: Date | null;
}

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk_sealed: string;
  created_at: Date;
  retired_at: Date | null;
}

export class SigningKeyStore {
  private cache: { keys: LoadedKey[]; loadedAt: number } | undefined;
  private reloading: Promise<LoadedKey[]> | undefined;
  private lastForcedLoad = 0;

  constructor(
    private readonly em: () => EntityManager,
    private readonly encryptionKey: Buffer,
    /** Tokens live at most this long, so a retired key is published this long after retirement. */
    private readonly tokenTtlSeconds: number,
  ) {}

  private async load(force = false): Promise<LoadedKey[]> {
    if (!force && this.cache && Date.now() - this.cache.loadedAt < CACHE_MS) return this.cache.keys;
    const rows = await sql<KeyRow[]>(this.em(), 'select kid, public_jwk, private_jwk_sealed, created_at, retired_at from signing_keys order by created_at desc');
    const keys = await Promise.all(
      rows.map(async (row) => {
        const privateJwk = JSON.parse(open(row.private_jwk_sealed, this.encryptionKey)) as JWK;
        return {
          kid: row.kid,
          publicJwk: row.public_jwk,
          publicKey: (await importJWK(row.public_jwk, SIGNING_ALG)) as CryptoKey,
          privateKey: row.retired_at ? undefined : ((await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey),
          createdAt: new Date(row.created_at),
          retiredAt: row.retired_at ? new Date(row.retired_at) : null,
        };
      }),
    );
    this.cache = { keys, loadedAt: Date.now() };
    return keys;
  }

  /** Creates a new signing key and retires the previous ones (they keep verifying until their tokens expire). */
  async rotate(): Promise<string> {
    const kid = await this.em().transactional(async (tx) => {
      await sql(tx, 'update signing_keys set retired_at = now() where retired_at is null');
      return this.insertKey(tx);
    });
    this.cache = undefined;
    return kid;
  }

  /** The key that signs new tokens; the first call on an empty database creates one (serialised by an advisory lock). */
  async signingKey(): Promise<{ kid: string; key: CryptoKey }> {
    let active = (await this.load()).find((k) => k.privateKey);
    if (!active) {
      await this.em().transactional(async (tx) => {
        await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', ['signing_keys']);
        const existing = await sql<{ n: number }[]>(tx, 'select count(*)::int as n from signing_keys where retired_at is null');
        if ((existing[0]?.n ?? 0) === 0) {
          await this.insertKey(tx);
        }
      });
      active = (await this.load(true)).find((k) => k.privateKey);
    }
    if (!active?.privateKey) throw new Error('No signing key available');
    return { kid: active.kid, key: active.privateKey };
  }

  private async insertKey(tx: EntityManager): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    await sql(tx, 'insert into signing_keys (kid, alg, public_jwk, private_jwk_sealed) values (?, ?, ?, ?)', [
      kid,
      SIGNING_ALG,
      JSON.stringify(publicJwk),
      seal(JSON.stringify(await exportJWK(privateKey)), this.encryptionKey),
    ]);
    return kid;
  }

  /** Keys that may still verify a token: the active one and those retired less than a token lifetime ago. */
  async verificationKeys(): Promise<LoadedKey[]> {
    const horizon = Date.now() - this.tokenTtlSeconds * 1000;
    return (await this.load()).filter((k) => !k.retiredAt || k.retiredAt.getTime() > horizon);
  }

  /**
   * The public key for `kid`, re-reading the set when it is unknown (a rotation by another process). The
   * re-reads are shared and at most one a second, so a stream of tokens with made-up kids costs no more
   * than one query a second, however fast it comes.
   */
  async publicKeyFor(kid: string): Promise<CryptoKey | undefined> {
    const find = (keys: LoadedKey[]) => keys.find((k) => k.kid === kid)?.publicKey;
    const known = find(await this.verificationKeys());
    if (known) return known;
    if (!this.reloading && Date.now() - this.lastForcedLoad >= FORCED_RELOAD_INTERVAL_MS) {
      this.lastForcedLoad = Date.now();
      this.reloading = this.load(true).finally(() => (this.reloading = undefined));
    }
    await this.reloading?.catch(() => undefined);
    return find(await this.verificationKeys());
  }

  /** The JSON Web Key Set served at /.well-known/jwks.json. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.verificationKeys()).map((k) => k.publicJwk) };
  }
}
