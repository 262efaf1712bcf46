import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../../../src/api-node-flags';

const scripts = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** `npm run start:api` (the production command) cannot import the list, so it must spell it out. */
describe("the API processes' V8 flags", () => {
  it('are the ones `npm run start:api` starts the compiled server with, and `npm run dev:api` the TypeScript one', () => {
    expect(scripts['start:api']).toBe(`node ${API_NODE_FLAGS.join(' ')} dist/src/server.js`);
    expect(scripts['dev:api']).toBe(`node ${API_NODE_FLAGS.join(' ')} --import tsx src/server.ts`);
  });

  it('are the ones `npm run bench:matching` measures the matcher with, as it runs inside an API process', () => {
    expect(scripts['bench:matching']).toBe(`node --expose-gc ${API_NODE_FLAGS.join(' ')} --import tsx bench/matching.ts`);
  });
});
