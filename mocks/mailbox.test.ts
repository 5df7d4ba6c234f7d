import { afterEach, describe, expect, it } from 'vitest';
import { setNow } from './clock';
import { latestMail, subscribeMailbox } from './mailbox';
import { restoreSnapshot, saveSnapshot } from './persistence';
import { seedDemo } from './seed';
import { call, withMockServer } from './testing';

withMockServer();
afterEach(() => localStorage.clear());

const SENT_AT = Date.parse('2026-03-02T09:00:00Z');

describe('the demo mailbox', () => {
  it('still shows a sent code after a reload, the one the resend wait counts from', async () => {
    setNow(() => SENT_AT);
    await seedDemo();
    const heard: string[] = [];
    const unsubscribe = subscribeMailbox((mail) => heard.push(mail.code));
    expect((await call('POST', '/auth/send-code', { body: { email: 'owner@demo.test' } })).status).toBe(200);
    unsubscribe();
    const sent = latestMail('Owner@Demo.test');
    expect(sent).toEqual({
      email: 'owner@demo.test',
      code: expect.stringMatching(/^\d{6}$/),
      sentAt: '2026-03-02T09:00:00.000Z',
    });
    expect(heard).toEqual([sent?.code]);

    // A reload 17 s later: the page starts again from the saved data (as the demo's start does).
    saveSnapshot('happy');
    setNow(() => SENT_AT + 17_000);
    expect(await restoreSnapshot('happy')).toBe(true);

    expect(latestMail('owner@demo.test')).toEqual(sent);
    // The server still refuses another code for the rest of the minute: the mailbox shows the code it means.
    const again = await call('POST', '/auth/send-code', { body: { email: 'owner@demo.test' } });
    expect(again.status).toBe(429);
    expect(again.body.retryAfter).toBe(43);
    const login = await call('POST', '/auth/login-otp', {
      body: { email: 'owner@demo.test', code: sent?.code },
    });
    expect(login.status).toBe(200);
  });

  it('shows only the code the server still takes: none once it was used', async () => {
    await seedDemo();
    await call('POST', '/auth/send-code', { body: { email: 'admin@demo.test' } });
    const code = latestMail('admin@demo.test')?.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(latestMail('owner@demo.test')).toBeNull();
    await call('POST', '/auth/login-otp', { body: { email: 'admin@demo.test', code } });
    expect(latestMail('admin@demo.test')).toBeNull();
  });
});
