import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDb } from '../mocks/db';
import { handlers } from '../mocks/handlers';
import { type MockHttpServer, startMockHttpServer } from '../mocks/http';
import { resetMockOptions } from '../mocks/scenarios';
import { PACT_FILE, PROVIDER } from './pact';
import { providerStates } from './states';

let server: MockHttpServer;
let dir = '';
beforeAll(async () => {
  server = await startMockHttpServer();
  dir = mkdtempSync(join(tmpdir(), 'pact-verify-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Interaction {
  description: string;
  request: { path: string };
}
const pact: { interactions: Interaction[] } = JSON.parse(readFileSync(PACT_FILE, 'utf8'));
/** The resource of a call: the path's first segment after /api/v1. */
const resourceOf = (i: Interaction) => i.request.path.split('/')[3] ?? '';
/** The pact with only these interactions, as a file the verifier can read. */
function pactOf(name: string, interactions: Interaction[]): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...pact, interactions }));
  return file;
}

const verify = (pactFile: string, baseUrl = server.url) =>
  new Verifier({
    provider: PROVIDER,
    providerBaseUrl: baseUrl,
    pactUrls: [resolve(pactFile)],
    stateHandlers: providerStates,
    // Every interaction starts from an empty store; its states then seed exactly what it needs.
    beforeEach: async () => {
      resetDb();
      resetMockOptions();
    },
    logLevel: 'warn',
  }).verifyProvider();

describe('the mock backend honours the contract', () => {
  // A resource at a time: each test's work is a few calls, whatever the size of the whole pact (about 30 ms
  // an interaction, fifty of them), and a failure names the resource.
  it.each([...Map.groupBy(pact.interactions, resourceOf)])(
    'verifies the %s interactions',
    async (resource, interactions) => {
      // The verifier's own report (printed above) lists each mismatch; keep the failure message short.
      const error = await verify(pactOf(resource, interactions)).then(
        () => null,
        (e: Error) =>
          e.message.match(/Failures:[\s\S]*?There were \d+ pact failures/)?.[0] ?? e.message.slice(0, 2000),
      );
      expect(error).toBeNull();
    },
  );

  it('fails when a handler answers a shape that drifted from the contract', async () => {
    // A pact of the one interaction, against a backend whose /users/me answers isAdmin as a string.
    const interactions = pact.interactions.filter((i) => i.description === 'a request for the current user');
    expect(interactions).toHaveLength(1);
    const file = pactOf('drift', interactions);
    const drifted = await startMockHttpServer({
      handlers: [
        http.get('*/api/v1/users/me', () =>
          HttpResponse.json({ id: 'user-1', email: 'o@p.test', isAdmin: 'no' }),
        ),
        ...handlers,
      ],
    });
    try {
      await expect(verify(file, drifted.url)).rejects.toThrow(/isAdmin/);
    } finally {
      await drifted.close();
    }
  });
});
