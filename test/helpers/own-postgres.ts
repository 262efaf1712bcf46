/**
 * A PostgreSQL cluster a test owns: made with `initdb` in a temporary folder and run with `pg_ctl` on
 * its own port, so the test can stop it for real (an outage) and start it again without touching the
 * shared server every other test uses. The binaries come with the machine's PostgreSQL server, which
 * the README requires anyway. As root (CI), the cluster runs as the `postgres` user, as initdb insists.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireProgram } from './required-tool';

export interface OwnPostgres {
  /** Server URL without a database name. */
  serverUrl: string;
  port: number;
  start(): void;
  /** A fast shutdown: every connection is cut, as in a crash of the database host. */
  stop(): void;
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(`the PostgreSQL server binaries (initdb, pg_ctl) are needed for the tests that stop a database of their own, but none are under ${root}: install them with \`apt-get install postgresql\``);
  }
  return join(root, newest, 'bin');
}

/** A TCP port free on 127.0.0.1 right now, for a server a test starts itself (and restarts on the same port). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Creates and starts a throw-away cluster with trust authentication for `postgres`. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'own-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const runuser = asRoot ? requireProgram('runuser', { for: 'to run a test cluster as `postgres` when the tests run as root', install: 'apt-get install util-linux' }) : undefined;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = runuser ? [runuser, '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    execFileSync(command[0]!, command.slice(1), { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const cluster: OwnPostgres = {
    serverUrl: `postgres://postgres@127.0.0.1:${port}`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    destroy: () => {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
