// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/api/schemas/common';
import { MINUTE, now, setNow } from './clock';
import { givenLoginCode, givenUser } from './fixtures';
import { latestCode, subscribeMailbox } from './mailbox';
import { call, withMockServer } from './testing';

withMockServer();

describe('auth', () => {
  it('sends a code to the demo mailbox and signs in with it', async () => {
    await givenUser({ email: 'owner@demo.test', planName: 'Free' });
    const received: string[] = [];
    const unsubscribe = subscribeMailbox((mail) => received.push(`${mail.email} ${mail.code}`));

    const sent = await call('POST', '/auth/send-code', { body: { email: 'Owner@Demo.test' } });
    unsubscribe();
    expect(sent).toEqual({ status: 200, body: { success: true } });
    const code = latestCode('owner@demo.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(received).toEqual([`owner@demo.test ${code}`]);

    const login = await call('POST', '/auth/login-otp', { body: { email: 'owner@demo.test', code } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: 'owner@demo.test', accessToken: expect.any(String) });
    expect(login.body.id).toBe(login.body.userId);

    const me = await call('GET', '/users/me', { token: login.body.accessToken });
    expect(me).toEqual({
      status: 200,
      body: { id: login.body.id, email: 'owner@demo.test', isAdmin: false },
    });

    // A code is used once.
    const again = await call('POST', '/auth/login-otp', { body: { email: 'owner@demo.test', code } });
    expect(again.body.code).toBe('INVALID_CODE');
  });

  it('refuses a malformed e-mail, naming the field', async () => {
    const sent = await call('POST', '/auth/send-code', { body: { email: 'not-an-email' } });
    expect(sent.status).toBe(400);
    expect(ErrorBodySchema.parse(sent.body)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(sent.body.message).toMatch(/^email: /);
  });

  it('answers a wrong code with INVALID_CODE and an expired one with CODE_EXPIRED', async () => {
    await givenLoginCode('a@b.test', '123456');
    const wrong = await call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code: '000000' } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CODE', message: 'Invalid verification code' },
    });

    const sentAt = now();
    setNow(() => sentAt + 10 * MINUTE + 1);
    const expired = await call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code: '123456' } });
    expect(expired).toMatchObject({ status: 400, body: { code: 'CODE_EXPIRED', statusCode: 400 } });
  });

  it('burns a code after five wrong guesses', async () => {
    await givenLoginCode('a@b.test', '123456');
    for (let i = 0; i < 5; i++)
      await call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code: '000000' } });
    const right = await call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code: '123456' } });
    expect(right.status).toBe(400);
  });

  it('sends one code a minute per address, answering 429 with the wait', async () => {
    const t0 = now();
    setNow(() => t0);
    const send = (email: string) => call('POST', '/auth/send-code', { body: { email } });
    expect((await send('a@b.test')).status).toBe(200);
    setNow(() => t0 + 17_500);
    const refused = await send('A@b.test');
    expect(refused).toMatchObject({
      status: 429,
      body: { statusCode: 429, code: 'CODE_THROTTLED', retryAfter: 43, error: 'Too Many Requests' },
    });
    expect(ErrorBodySchema.parse(refused.body).retryAfter).toBe(43);
    // The code sent first still works meanwhile; other addresses are not held up.
    expect((await send('c@d.test')).status).toBe(200);
    setNow(() => t0 + 60_000);
    expect((await send('a@b.test')).status).toBe(200);
  });

  it('pauses sign-in for an address after 10 wrong codes within an hour, across codes', async () => {
    const t0 = now();
    setNow(() => t0);
    const guess = (code: string) => call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code } });
    // Five wrong guesses burn a code; a new code does not reset the count.
    await givenLoginCode('a@b.test', '123456');
    for (let i = 0; i < 5; i++) expect((await guess('000000')).body.code).toBe('INVALID_CODE');
    setNow(() => t0 + 10 * MINUTE);
    await givenLoginCode('a@b.test', '123456');
    for (let i = 0; i < 4; i++) expect((await guess('000000')).body.code).toBe('INVALID_CODE');
    const tenth = await guess('000000');
    expect(tenth).toMatchObject({ status: 429, body: { code: 'SIGN_IN_LOCKED', retryAfter: 50 * 60 } });
    expect(tenth.body.message).toBe('Too many failed sign-in attempts. Try again in 50 minutes');
    // Locked: neither a right code nor a new one helps.
    await givenLoginCode('a@b.test', '123456');
    expect((await guess('123456')).body.code).toBe('SIGN_IN_LOCKED');
    expect((await call('POST', '/auth/send-code', { body: { email: 'a@b.test' } })).body.code).toBe(
      'SIGN_IN_LOCKED',
    );
    // An hour after the first failure, the five oldest have left the window.
    setNow(() => t0 + 60 * MINUTE);
    await givenLoginCode('a@b.test', '123456');
    expect((await guess('123456')).status).toBe(200);
  });

  it('forgets the failures of an address once it signs in', async () => {
    await givenLoginCode('a@b.test', '123456');
    const guess = (code: string) => call('POST', '/auth/login-otp', { body: { email: 'a@b.test', code } });
    for (let i = 0; i < 4; i++) await guess('000000');
    expect((await guess('123456')).status).toBe(200);
    await givenLoginCode('a@b.test', '123456');
    for (let i = 0; i < 4; i++) await guess('000000');
    await givenLoginCode('a@b.test', '123456');
    for (let i = 0; i < 4; i++) expect((await guess('000000')).body.code).toBe('INVALID_CODE');
  });

  it('signs up an unknown address as an empty Free account', async () => {
    await givenLoginCode('new@b.test', '654321');
    const login = await call('POST', '/auth/login-otp', { body: { email: 'new@b.test', code: '654321' } });
    const token = login.body.accessToken;
    expect((await call('GET', '/membership/user', { token })).body).toMatchObject({ name: 'Free', level: 0 });
    expect((await call('GET', '/chatbots', { token })).body).toEqual([]);
    expect((await call('GET', '/whatsapp/list', { token })).body).toEqual([]);
  });

  it('requires a live bearer token everywhere else', async () => {
    const { token } = await givenUser({ email: 'u@b.test' });
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['GET', '/chatbots'],
      ['POST', '/whatsapp/create-instance'],
      ['POST', '/chat-session/search'],
      ['GET', '/membership/plans'],
    ] as const) {
      const answer = await call(method, path, { body: method === 'POST' ? {} : undefined });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED' },
      });
    }
    expect((await call('GET', '/users/me', { token: 'nope' })).status).toBe(401);
    expect((await call('GET', '/users/me', { token })).status).toBe(200);
  });
});
