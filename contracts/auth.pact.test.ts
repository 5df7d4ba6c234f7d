import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getCurrentUser, loginWithCode, sendCode } from '../src/api/auth';
import { AUTH, errorBody, JSON_HEADERS, newPact, USER_ID, useMockServer } from './pact';

const { like, string, boolean, integer } = MatchersV3;
const pact = newPact();

describe('auth', () => {
  it('sends a one-time code', () =>
    pact
      .addInteraction()
      .given('a new visitor')
      .uponReceiving('a request for a one-time code')
      .withRequest('POST', '/api/v1/auth/send-code', (b) =>
        b.headers(JSON_HEADERS).jsonBody({ email: 'owner@pact.test' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        await expect(sendCode('owner@pact.test')).resolves.toEqual({ success: true });
      }));

  it('signs in with the code', () =>
    pact
      .addInteraction()
      .given('a login code was sent', { email: 'owner@pact.test', code: '123456' })
      .uponReceiving('a sign-in with the right code')
      .withRequest('POST', '/api/v1/auth/login-otp', (b) =>
        b.headers(JSON_HEADERS).jsonBody({ email: 'owner@pact.test', code: '123456' }),
      )
      .willRespondWith(200, (b) =>
        // userId and email may be missing: the client reads the token and the id.
        b.jsonBody({ accessToken: string('token-abc'), id: like(USER_ID) }),
      )
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        const info = await loginWithCode({ email: 'owner@pact.test', code: '123456' });
        expect(info.accessToken).toBe('token-abc');
      }));

  it('refuses a wrong code with an error body', () =>
    pact
      .addInteraction()
      .given('a login code was sent', { email: 'owner@pact.test', code: '123456' })
      .uponReceiving('a sign-in with a wrong code')
      .withRequest('POST', '/api/v1/auth/login-otp', (b) =>
        b.headers(JSON_HEADERS).jsonBody({ email: 'owner@pact.test', code: '000000' }),
      )
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, 'INVALID_CODE', 'Invalid verification code')))
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        await expect(loginWithCode({ email: 'owner@pact.test', code: '000000' })).rejects.toMatchObject({
          status: 400,
          code: 'INVALID_CODE',
        });
      }));

  it('refuses another code within a minute, saying how long to wait', () =>
    pact
      .addInteraction()
      .given('a login code was sent moments ago', { email: 'owner@pact.test' })
      .uponReceiving('a request for another code within a minute')
      .withRequest('POST', '/api/v1/auth/send-code', (b) =>
        b.headers(JSON_HEADERS).jsonBody({ email: 'owner@pact.test' }),
      )
      .willRespondWith(429, (b) =>
        b.jsonBody({
          ...errorBody(429, 'CODE_THROTTLED', 'Please wait 60 seconds before requesting another code'),
          retryAfter: integer(60),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        const error = await sendCode('owner@pact.test').catch((e) => e);
        expect(error).toMatchObject({ status: 429, code: 'CODE_THROTTLED' });
        expect(error.retryAfter).toBeGreaterThan(0);
      }));

  it('refuses sign-in for an address with too many wrong codes, saying how long to wait', () =>
    pact
      .addInteraction()
      .given('sign-in is paused after too many wrong codes', { email: 'owner@pact.test' })
      .uponReceiving('a sign-in while sign-in is paused for the address')
      .withRequest('POST', '/api/v1/auth/login-otp', (b) =>
        b.headers(JSON_HEADERS).jsonBody({ email: 'owner@pact.test', code: '123456' }),
      )
      .willRespondWith(429, (b) =>
        b.jsonBody({
          ...errorBody(429, 'SIGN_IN_LOCKED', 'Too many failed sign-in attempts. Try again in 60 minutes'),
          retryAfter: integer(3600),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        const error = await loginWithCode({ email: 'owner@pact.test', code: '123456' }).catch((e) => e);
        expect(error).toMatchObject({ status: 429, code: 'SIGN_IN_LOCKED' });
        expect(error.retryAfter).toBeGreaterThan(0);
      }));

  it('answers the current user', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for the current user')
      .withRequest('GET', '/api/v1/users/me', (b) => b.headers(AUTH))
      // Spec section 3 names only the flag.
      .willRespondWith(200, (b) => b.jsonBody({ isAdmin: boolean(false) }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getCurrentUser()).resolves.toMatchObject({ isAdmin: false });
      }));

  it('answers 401 to a token it does not know', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for the current user with an expired token')
      .withRequest('GET', '/api/v1/users/me', (b) => b.headers({ Authorization: 'Bearer expired-token' }))
      .willRespondWith(401, (b) => b.jsonBody(errorBody(401, 'UNAUTHORIZED', 'Unauthorized')))
      .executeTest(async (server) => {
        useMockServer(server, { signedIn: false });
        localStorage.setItem(
          'influx-user-info',
          JSON.stringify({ accessToken: 'expired-token', id: 'u', userId: 'u' }),
        );
        await expect(getCurrentUser()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      }));
});
