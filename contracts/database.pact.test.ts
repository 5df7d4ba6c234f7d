import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getDatabaseConnection,
  removeDatabaseConnection,
  saveDatabaseConnection,
  testDatabaseConnection,
} from '../src/api/database';
import type { DatabaseBody } from '../src/api/schemas/database';
import { AUTH, dateTime, errorBody, JSON_HEADERS, newPact, useMockServer } from './pact';
import { rawFetch } from './reads';

const { like, integer, boolean, string, regex } = MatchersV3;
const pact = newPact();

const PATH = '/api/v1/chatbots/bot-1/database';
const fields: DatabaseBody = {
  mode: 'fields',
  type: 'postgresql',
  host: 'db.acme.test',
  port: 5432,
  database: 'shop',
  user: 'app',
  password: 'pact-s3cret',
};

const { password: _stored, ...keepingPassword } = fields;

const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });

const withConnection = () => withBot().given('the chatbot has an external database', { chatbotId: 'bot-1' });

/** What the client needs of a stored connection; no password field at all (the server never sends one). */
const connectionExample = {
  type: regex(/^(postgresql|mysql|sqlserver|mongodb)$/, 'postgresql'),
  mode: regex(/^(fields|url)$/, 'fields'),
  host: like('db.acme.test'),
  port: integer(5432),
  database: like('shop'),
  user: like('app'),
  passwordSet: boolean(true),
  updatedAt: dateTime(),
};

describe('external database', () => {
  it('reads a bot without a connection as none', () =>
    withBot()
      .uponReceiving('a request for the database connection of a bot without one')
      .withRequest('GET', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ connection: MatchersV3.nullValue() }))
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await getDatabaseConnection('bot-1')).toBeNull();
      }));

  it('reads a stored connection without its password', () =>
    withConnection()
      .uponReceiving('a request for the database connection of a bot')
      .withRequest('GET', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ connection: connectionExample }))
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await getDatabaseConnection('bot-1')).toMatchObject({ type: 'postgresql', passwordSet: true });
      }));

  it('tests a connection that succeeds', () =>
    withBot()
      .uponReceiving('a request to test a database connection that succeeds')
      .withRequest('POST', `${PATH}/test`, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(fields))
      .willRespondWith(200, (b) =>
        b.jsonBody({ ok: true, serverVersion: like('PostgreSQL 16.4'), latencyMs: integer(23) }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await testDatabaseConnection('bot-1', fields)).toMatchObject({ ok: true });
      }));

  it('tests a connection to a host that cannot be reached', () => {
    const body: DatabaseBody = { ...fields, host: 'db.acme.invalid' };
    return withBot()
      .uponReceiving('a request to test a database connection to an unreachable host')
      .withRequest('POST', `${PATH}/test`, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ok: false,
          reason: 'unreachable',
          message: string('Could not reach db.acme.invalid:5432'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await testDatabaseConnection('bot-1', body)).toMatchObject({
          ok: false,
          reason: 'unreachable',
        });
      });
  });

  it('tests a connection with the stored password', () =>
    withConnection()
      .uponReceiving('a request to test a database connection with the stored password')
      .withRequest('POST', `${PATH}/test`, (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(keepingPassword),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ok: boolean(true) }))
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await testDatabaseConnection('bot-1', keepingPassword)).toMatchObject({ ok: true });
      }));

  it('tests a connection whose credentials are refused', () => {
    const body: DatabaseBody = { ...fields, password: 'wrong' };
    return withBot()
      .uponReceiving('a request to test a database connection with a wrong password')
      .withRequest('POST', `${PATH}/test`, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ ok: false, reason: 'authFailed', message: string('Authentication failed') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await testDatabaseConnection('bot-1', body)).toMatchObject({ reason: 'authFailed' });
      });
  });

  it('tests a connection string that cannot be read', () => {
    const body: DatabaseBody = {
      mode: 'url',
      type: 'postgresql',
      connectionString: 'postgresql://app:x@:5432/shop',
    };
    return withBot()
      .uponReceiving('a request to test a malformed database connection string')
      .withRequest('POST', `${PATH}/test`, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ ok: false, reason: 'invalidConnectionString', message: string('Could not be parsed') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        expect(await testDatabaseConnection('bot-1', body)).toMatchObject({
          reason: 'invalidConnectionString',
        });
      });
  });

  it('saves a connection and answers it without the password', () =>
    withBot()
      .uponReceiving('a request to save a database connection')
      .withRequest('PUT', PATH, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(fields))
      .willRespondWith(200, (b) => b.jsonBody(connectionExample))
      .executeTest(async (server) => {
        useMockServer(server);
        const saved = await saveDatabaseConnection('bot-1', fields);
        expect(saved).toMatchObject({ host: 'db.acme.test', passwordSet: true });
        expect(JSON.stringify(saved)).not.toContain('pact-s3cret');
      }));

  it('saves a connection string and answers it with its password masked', () => {
    const body: DatabaseBody = {
      mode: 'url',
      type: 'postgresql',
      connectionString: 'postgresql://app:pact-s3cret@db.acme.test:5432/shop',
    };
    return withBot()
      .uponReceiving('a request to save a database connection string')
      .withRequest('PUT', PATH, (b) => b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          type: 'postgresql',
          mode: 'url',
          connectionString: regex(
            /^postgres(ql)?:\/\/[^:@]+:\*\*\*\*@.+$/,
            'postgresql://app:****@db.acme.test:5432/shop',
          ),
          passwordSet: boolean(true),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const saved = await saveDatabaseConnection('bot-1', body);
        expect(saved.connectionString).toBe('postgresql://app:****@db.acme.test:5432/shop');
      });
  });

  it('refuses a connection string of another type', () => {
    return withBot()
      .uponReceiving('a request to save a database connection string whose scheme is not its type')
      .withRequest('PUT', PATH, (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ mode: 'url', type: 'mysql', connectionString: 'postgresql://h/d' }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody(errorBody(400, 'VALIDATION_FAILED', 'connectionString: invalid')),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        // The client refuses it before sending: the raw call pins the server's answer.
        const response = await rawFetch(`${server.url}${PATH}`, {
          method: 'PUT',
          headers: { ...AUTH, ...JSON_HEADERS },
          body: JSON.stringify({ mode: 'url', type: 'mysql', connectionString: 'postgresql://h/d' }),
        });
        expect(response.status).toBe(400);
      });
  });

  it('removes a connection', () =>
    withConnection()
      .uponReceiving('a request to remove the database connection of a bot')
      .withRequest('DELETE', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(removeDatabaseConnection('bot-1')).resolves.toEqual({ success: true });
      }));

  it("answers 404 for a bot that is not the user's", () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for the database connection of an unknown bot')
      .withRequest('GET', '/api/v1/chatbots/bot-unknown/database', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Chatbot not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getDatabaseConnection('bot-unknown')).rejects.toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
      }));
});
