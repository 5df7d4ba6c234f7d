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
beforeAll(async () => {
  server = await startMockHttpServer();
});
afterAll(() => server?.close());

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
  it('verifies every interaction of the pact', async () => {
    // The verifier's own report (printed above) lists each mismatch; keep the failure message short.
    const error = await verify(PACT_FILE).then(
      () => null,
      (e: Error) =>
        e.message.match(/Failures:[\s\S]*?There were \d+ pact failures/)?.[0] ?? e.message.slice(0, 2000),
    );
    expect(error).toBeNull();
  }, 60_000);

  it('fails when a handler answers a shape that drifted from the contract', async () => {
    // A pact of the one interaction, against a backend whose /users/me answers isAdmin as a string.
    const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8'));
    pact.interactions = pact.interactions.filter(
      (i: { description: string }) => i.description === 'a request for the current user',
    );
    expect(pact.interactions).toHaveLength(1);
    const dir = mkdtempSync(join(tmpdir(), 'pact-drift-'));
    const file = join(dir, 'drift.json');
    writeFileSync(file, JSON.stringify(pact));
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
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
