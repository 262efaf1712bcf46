/** The database: the owner's URL for migrations, the application role's for the running service. */
import { z } from 'zod';
import { optionalString } from '../schemas/environment-values';
import { APP_ROLE } from './app-role';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const dbEnvironment = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/compliance'),
  DATABASE_APP_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
  DATABASE_APP_PASSWORD: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DATABASE_GROUP_COMMIT_MS: z.coerce.number().min(0).max(50).default(4),
});

/**
 * `url`: what the running service connects with, the least-privilege application role; `ownerUrl`:
 * the database owner, for migrations only (DATABASE_URL); `groupCommitMs`: how long a busy account's
 * paid scans wait to share one statement and commit (0: never wait).
 */
export function dbSettings(e: z.output<typeof dbEnvironment>) {
  return { url: e.DATABASE_APP_URL ?? applicationUrl(e.DATABASE_URL, e.DATABASE_APP_PASSWORD), ownerUrl: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, groupCommitMs: e.DATABASE_GROUP_COMMIT_MS };
}

/** DATABASE_URL with the application role (and its password, when one is set) in place of the owner. */
function applicationUrl(ownerUrl: string, password: string | undefined): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}
