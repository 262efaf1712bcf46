/**
 * A Redis of the benchmark's own (`redis-server` on a free loopback port, nothing persisted), so the
 * resident set measured is the service's alone: the shared Redis on 6379 also serves every test run
 * on the machine, whose keys would move its memory.
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/stack';

export interface OwnRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `redis-server` and waits until it answers PING. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
