import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import { createWorkerLogger } from '../../src/temporal/worker-logger';

function capture(level: 'info' | 'debug') {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string }));
      done();
    },
  });
  return { lines, logger: createWorkerLogger(createLogger({ log: { level } }, 'worker', sink)) };
}

describe('the worker logger', () => {
  it('keeps the workflow-bundle report out of info: one short line there, the webpack summary at debug', async () => {
    const { lines, logger } = capture('debug');
    await bundleWorkflowCode({ workflowsPath: resolve(__dirname, '../../workflows/index.ts'), logger });
    const info = lines.filter((line) => line.level === 30);
    const debug = lines.filter((line) => line.level === 20);
    expect(info.map((line) => line.msg)).toEqual(['Workflow bundle created']);
    expect(debug.some((line) => /webpack \d+\.\d+\.\d+ compiled/.test(line.msg))).toBe(true);
    expect(info.every((line) => line.msg.length < 200)).toBe(true);
  }, 120_000);

  it('passes other SDK lines through at their own level', () => {
    const { lines, logger } = capture('info');
    logger.info('Worker state changed', { state: 'RUNNING' });
    logger.warn('Slow activity');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'Worker state changed'],
      [40, 'Slow activity'],
    ]);
  });
});
