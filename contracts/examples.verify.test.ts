import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/api/schemas/common';
import { PACT_FILE } from './pact';
import { loadClientReads, READS_FILE } from './reads';

interface Interaction {
  description: string;
  request: { method: string; path: string };
  response: { status: number; body?: { content: unknown } };
}

const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: Interaction[] };
const reads = loadClientReads();

/*
 * Every example in the pact satisfies the client. A success example must have been read by the client itself
 * in its consumer test (which then passed): the client parses every answer with its own schema (JSON, or each
 * line of a stream), and sends only bodies its own rules accept, so no table of paths and schemas is kept
 * here. A failing call's body has one shape for every call.
 */
describe('every example in the pact satisfies the client', () => {
  it('knows what the client read in the consumer tests', () => {
    expect(
      reads.size,
      `${READS_FILE} is written by the consumer tests (npm run test:contracts)`,
    ).toBeGreaterThan(0);
  });

  it.each(pact.interactions.map((i) => [i.description, i] as const))('%s', (_, interaction) => {
    const { method, path } = interaction.request;
    if (interaction.response.status < 400) {
      expect(reads, `the client never read ${method} ${path}`).toContain(`${method} ${path}`);
    } else {
      ErrorBodySchema.parse(interaction.response.body?.content);
    }
  });
});
