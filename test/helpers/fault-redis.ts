/**
 * A Redis server a test owns: `redis-server` on its own free port, with no persistence, so the test can
 * kill it for real (a crash of the rate-limit store under load) and start it again on the same port,
 * without touching the shared Redis every other test uses. The binary comes with the machine's Redis,
 * which the README requires anyway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './own-postgres';

export interface OwnRedis {
  url: string;
  port: number;
  /** Starts the server (again) on the same port, empty, and waits until it answers PING. */
  start(): Promise<void>;
  /** SIGKILL: every connection is cut at once, as in a crash of the Redis host. */
  kill(): Promise<void>;
}

/** True when a Redis on `port` answers PING. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Starts a throw-away Redis; `kill` it in the test's teardown. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    start: async () => {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      server = started;
      const failed = new Promise<never>((_, reject) => {
        started.once('error', reject);
        started.once('exit', (code) => reject(new Error(`redis-server on port ${port} exited with ${code}`)));
      });
      const deadline = Date.now() + 15_000;
      const ready = (async () => {
        while (!(await answersPing(port))) {
          if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING within 15 s`);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await Promise.race([ready, failed]);
      failed.catch(() => {}); // later exits are the test's own kills
    },
    kill: async () => {
      const running = server;
      server = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
