// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { configureClient, resetClient } from '../src/api/client';
import * as instances from '../src/api/instances';
import { writeUserInfo } from '../src/api/storage';
import { installMemoryStorage } from '../tests/memoryStorage';
import { resetAndSeed, switchScenario } from './node';
import { mockOptions } from './options';
import { corrupt, SCENARIOS, scenarioSeed, toScenario } from './scenarios';
import { DEMO_OWNER } from './seed';
import { BASE, call, withMockServer } from './testing';

installMemoryStorage();
withMockServer();

const token = DEMO_OWNER.token;
beforeEach(() => resetAndSeed());

describe('scenarios', () => {
  it('are named, and unknown names fall back to happy', () => {
    expect(SCENARIOS).toContain('large-data');
    expect(toScenario('offline')).toBe('offline');
    expect(toScenario('nonsense')).toBe('happy');
    expect(toScenario(null)).toBe('happy');
    expect(scenarioSeed('large-data')).toEqual({ size: 'large' });
  });

  it('server-error answers 500 with the error body everywhere', async () => {
    switchScenario('server-error');
    for (const path of ['/users/me', '/chatbots', '/auth/send-code']) {
      const answer = await call(path === '/auth/send-code' ? 'POST' : 'GET', path, {
        token,
        body: undefined,
      });
      expect(answer).toMatchObject({
        status: 500,
        body: { statusCode: 500, message: 'Internal server error' },
      });
    }
  });

  it('offline fails at the network level', async () => {
    switchScenario('offline');
    await expect(call('GET', '/users/me', { token })).rejects.toThrow();
  });

  it('slow holds each call, then answers normally', async () => {
    switchScenario('slow');
    mockOptions.slowDelayMs = 120;
    const started = performance.now();
    const answer = await call('GET', '/users/me', { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(answer.status).toBe(200);
  });

  it('session-expiring answers 401 after 13 authenticated calls, and the session is gone', async () => {
    switchScenario('session-expiring');
    expect(mockOptions.callsBeforeExpiry).toBe(13);
    for (let i = 0; i < 13; i++) expect((await call('GET', '/chatbots', { token })).status).toBe(200);
    expect(await call('GET', '/chatbots', { token })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect((await call('GET', '/users/me', { token })).status).toBe(401);
  });

  it('malformed retypes a field, so the client reports a schema error naming it', async () => {
    switchScenario('malformed');
    const raw = await call('GET', '/whatsapp/list', { token });
    expect(typeof raw.body[0].id).toBe('number');
    // Sign-in still works, so the broken panels can be seen.
    expect((await call('GET', '/users/me', { token })).body.id).toBe(DEMO_OWNER.id);

    resetClient();
    configureClient({ baseURL: BASE, onUnauthorized: () => {}, currentLocation: () => '/' });
    writeUserInfo({ accessToken: token, id: DEMO_OWNER.id, userId: DEMO_OWNER.id });
    await expect(instances.listInstances()).rejects.toMatchObject({ kind: 'schema', field: '0.id' });
  });

  it('corrupt changes exactly one type', () => {
    expect(corrupt({ count: 3, b: 'x' })).toEqual({ count: '3', b: 'x' });
    expect(corrupt([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 42 }, { id: 'b' }]);
    expect(corrupt([])).toBe('[]');
  });

  it('limits-reached: no tokens left this month', async () => {
    switchScenario('limits-reached');
    expect((await call('GET', '/membership/user/token-remaining', { token })).body).toEqual({
      remaining: 0,
      limit: 100_000,
    });
  });
});
