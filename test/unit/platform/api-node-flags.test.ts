import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_NODE_FLAGS } from '../../../src/api-node-flags';

/** `npm run start:api` (the production command) cannot import the list, so it must spell it out. */
describe("the API processes' V8 flags", () => {
  it('are the ones `npm run start:api` starts node with, before tsx and the server', () => {
    const scripts = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start:api']).toBe(`node ${API_NODE_FLAGS.join(' ')} --import tsx src/server.ts`);
  });
});
