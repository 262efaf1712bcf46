import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The database URL a bench runs the service with. A PostgreSQL on this machine is reached as a
 * co-located deployment should reach it, over its Unix-domain socket (less CPU per statement on both
 * sides than loopback TCP; docs/performance.md): the socket directory is asked of the server itself and
 * used when its socket file exists here. `tcp` keeps the URL as given, to compare the two.
 */
export async function benchDatabaseUrl(ownerUrl: string, options: { tcp: boolean }): Promise<{ url: string; transport: string }> {
  const url = new URL(ownerUrl);
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (options.tcp || !local || url.searchParams.has('host')) return { url: ownerUrl, transport: `TCP to ${url.host}` };
  const directory = await socketDirectory(ownerUrl);
  const port = url.port || '5432';
  if (directory === null || !existsSync(join(directory, `.s.PGSQL.${port}`))) return { url: ownerUrl, transport: `TCP to ${url.host} (no Unix socket found)` };
  url.hostname = 'localhost';
  url.searchParams.set('host', directory);
  return { url: url.toString(), transport: `Unix socket in ${directory} (--tcp for loopback TCP)` };
}

/** The first Unix socket directory the server listens in, or null (asked as the owner: a superuser setting). */
export async function socketDirectory(ownerUrl: string): Promise<string | null> {
  // The maintenance database: the bench's own is created later, and the setting is the server's.
  const admin = new URL(ownerUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ unix_socket_directories: string }>('show unix_socket_directories');
    return rows[0]?.unix_socket_directories.split(',').map((d) => d.trim()).find((d) => d.startsWith('/')) ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}
