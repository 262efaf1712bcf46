/** Admin commands for accounts, client registrations and signing keys. Secrets are printed once, here only. */
import type { Command } from 'commander';
import { createAccount, listAccounts } from '../modules/identity/accounts';
import { listClients, registerClient, revokeClient, rotateClientSecret, rotateWebhookSecret } from '../modules/identity/client-registrations';
import { isPlan, PLANS } from '../modules/identity/plans';
import { ALL_SCOPES } from '../modules/identity/scopes';
import { SigningKeyStore } from '../modules/identity/signing-keys';
import { CliUsageError, type CliContext } from './cli-context';
import { sql } from '../db/sql';

function parseExpiry(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new CliUsageError(`--expires must be an ISO 8601 date or timestamp, got "${value}"`);
  return date;
}

function parseScopes(value: string): string[] {
  return value === 'all' ? ALL_SCOPES : value.split(/[\s,]+/).filter(Boolean);
}

const SECRET_WARNING = 'Store these secrets now: they are shown once and cannot be retrieved later.';

export function registerIdentityCommands(program: Command, run: (action: (cli: CliContext) => Promise<void>) => Promise<void>): void {
  const accounts = program.command('accounts').description('Accounts own every record and carry a plan');
  accounts
    .command('create')
    .requiredOption('--name <name>', 'account name')
    .requiredOption('--plan <plan>', `one of ${PLANS.join(', ')}`)
    .option('--rate-limit <n>', 'enterprise only: requests per minute', (v) => Number.parseInt(v, 10))
    .action((opts: { name: string; plan: string; rateLimit?: number }) =>
      run(async (cli) => {
        if (!isPlan(opts.plan)) throw new CliUsageError(`--plan must be one of ${PLANS.join(', ')}`);
        if (opts.rateLimit !== undefined && !(opts.rateLimit > 0)) throw new CliUsageError('--rate-limit must be a positive whole number');
        const account = await createAccount(cli.em(), { name: opts.name, plan: opts.plan, customRequestsPerMinute: opts.rateLimit ?? null });
        cli.print({ account_id: account.id, name: account.name, plan: account.plan, custom_requests_per_minute: account.customRequestsPerMinute });
      }),
    );
  accounts.command('list').action(() =>
    run(async (cli) => cli.print((await listAccounts(cli.em())).map((a) => ({ account_id: a.id, name: a.name, plan: a.plan })))),
  );

  const clients = program.command('clients').description('OAuth client registrations of an account');
  clients
    .command('register')
    .requiredOption('--account <account_id>', 'owning account')
    .requiredOption('--scopes <scopes>', `comma-separated, or "all" (${ALL_SCOPES.join(', ')})`)
    .option('--name <name>', 'a label for the client', 'default')
    .option('--expires <iso-date>', 'registration expiry (default: never)')
    .action((opts: { account: string; scopes: string; name: string; expires?: string }) =>
      run(async (cli) => {
        const issued = await registerClient(cli.em(), cli.config.auth.encryptionKey, {
          accountId: opts.account,
          name: opts.name,
          scopes: parseScopes(opts.scopes),
          expiresAt: parseExpiry(opts.expires),
        });
        cli.print({
          client_id: issued.clientId,
          client_secret: issued.clientSecret,
          webhook_secret: issued.webhookSecret,
          scopes: issued.registration.scopes.join(' '),
          expires_at: issued.registration.expiresAt?.toISOString() ?? 'never',
        });
        cli.note(SECRET_WARNING);
      }),
    );
  clients
    .command('list')
    .option('--account <account_id>', 'only this account')
    .action((opts: { account?: string }) =>
      run(async (cli) =>
        cli.print(
          (await listClients(cli.em(), opts.account)).map((c) => ({
            client_id: c.clientId,
            account_id: c.accountId,
            name: c.name,
            scopes: c.scopes.join(' '),
            expires_at: c.expiresAt?.toISOString() ?? 'never',
            revoked: c.revokedAt ? c.revokedAt.toISOString() : 'no',
          })),
        ),
      ),
    );
  clients.command('revoke <client_id>').action((clientId: string) =>
    run(async (cli) => {
      const revoked = await revokeClient(cli.em(), clientId);
      cli.print({ client_id: revoked.clientId, revoked_at: revoked.revokedAt?.toISOString() });
    }),
  );
  clients.command('rotate-secret <client_id>').action((clientId: string) =>
    run(async (cli) => {
      const issued = await rotateClientSecret(cli.em(), clientId);
      cli.print({ client_id: issued.clientId, client_secret: issued.clientSecret });
      cli.note(`${SECRET_WARNING} The old secret no longer works; tokens already issued stay valid until they expire.`);
    }),
  );
  clients.command('rotate-webhook-secret <client_id>').action((clientId: string) =>
    run(async (cli) => {
      const issued = await rotateWebhookSecret(cli.em(), cli.config.auth.encryptionKey, clientId);
      cli.print({ client_id: issued.clientId, webhook_secret: issued.webhookSecret });
      cli.note(`${SECRET_WARNING} Webhooks are signed with the new secret from now on.`);
    }),
  );

  const keys = program.command('keys').description('JWT signing keys');
  keys.command('rotate').action(() =>
    run(async (cli) => {
      const store = new SigningKeyStore(() => cli.em(), cli.config.auth.encryptionKey, cli.config.auth.tokenTtlSeconds);
      cli.print({ kid: await store.rotate(), note: 'new tokens are signed with this key; older keys verify until their tokens expire' });
    }),
  );
  keys.command('list').action(() =>
    run(async (cli) => {
      const rows = await sql(cli.em(), 'select kid, alg, created_at, retired_at from signing_keys order by created_at desc');
      cli.print(rows);
    }),
  );
}
