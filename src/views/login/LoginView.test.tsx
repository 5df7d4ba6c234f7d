import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { givenLoginFailures } from '../../../mocks/fixtures';
import { MAX_FAILURES } from '../../../mocks/handlers/auth';
import { latestCode } from '../../../mocks/mailbox';
import { resetAndSeed, server } from '../../../mocks/node';
import { withMockServer } from '../../../mocks/testing';
import { installTestClock, renderApp, warmUp } from '../../../tests/render';
import { readUserInfo } from '../../api/storage';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/constants';

withMockServer();
warmUp('/login');
// Where the first test arrives after signing in.
warmUp('/chat-history', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const user = () => userEvent.setup();

describe('login screen', () => {
  it('sends a code, shows the code field and Resend Code, and signs in to the redirect target', async () => {
    installTestClock();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderApp('/login?redirect=%2Fchat-history');
    const send = await screen.findByRole('button', { name: 'Send Code' });
    expect(send).toBeDisabled();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();

    await u.type(screen.getByLabelText('E-mail'), 'owner@demo.test');
    await u.click(send);
    const codeField = await screen.findByLabelText('Verification code');
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled();

    await u.type(codeField, latestCode('owner@demo.test') ?? '');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in. Taking you to your dashboard…')).toBeInTheDocument();
    expect(readUserInfo()?.email).toBe('owner@demo.test');
    expect(location.pathname).toBe('/login');
    await vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS);
    await waitFor(() => expect(location.pathname).toBe('/chat-history'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat history' })).toBeInTheDocument();
  });

  it('shows the spec message for a wrong code and keeps what was typed', async () => {
    const u = user();
    await renderApp('/login');
    await u.type(await screen.findByLabelText('E-mail'), 'owner@demo.test');
    await u.click(screen.getByRole('button', { name: 'Send Code' }));
    await u.type(await screen.findByLabelText('Verification code'), '999999');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your verification code and try again.',
    );
    expect(screen.getByLabelText('Verification code')).toHaveValue('999999');
    expect(readUserInfo()).toBeNull();
  });

  it('shows the spec message when the code cannot be sent', async () => {
    server.use(
      http.post('*/api/v1/auth/send-code', () =>
        HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }),
      ),
    );
    const u = user();
    await renderApp('/login');
    await u.type(await screen.findByLabelText('E-mail'), 'owner@demo.test');
    await u.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send verification code. Please try again.',
    );
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('never sends an invalid e-mail to the server', async () => {
    let calls = 0;
    server.events.on('request:start', () => {
      calls++;
    });
    const u = user();
    await renderApp('/login');
    await u.type(await screen.findByLabelText('E-mail'), 'owner@');
    await u.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    expect(calls).toBe(0);
    server.events.removeAllListeners();
  });

  describe.each([
    {
      locale: 'en',
      labels: ['E-mail', 'Send Code', 'Resend Code'],
      throttled:
        /^A code was sent to this address less than a minute ago\. Enter it, or ask for a new one in (\d+) seconds\.$/,
      locked:
        'Too many wrong codes for this address. For your security, signing in is paused for 60 minutes.',
    },
    {
      locale: 'zh-CN',
      labels: ['电子邮箱', '发送验证码', '重新发送验证码'],
      throttled: /^一分钟内已向该邮箱发送过验证码。请输入该验证码，或在 (\d+) 秒后重新获取。$/,
      locked: '该邮箱输入错误验证码的次数过多。为了您的账户安全，登录已暂停 60 分钟。',
    },
    {
      locale: 'zh-TW',
      labels: ['電子郵件', '傳送驗證碼', '重新傳送驗證碼'],
      throttled: /^一分鐘內已向此電子郵件寄送過驗證碼。請輸入該驗證碼，或在 (\d+) 秒後重新取得。$/,
      locked: '此電子郵件輸入錯誤驗證碼的次數過多。為了您的帳戶安全，登入已暫停 60 分鐘。',
    },
  ] as const)(
    'the server refusing in $locale',
    ({ locale, labels: [emailLabel, send, resend], throttled, locked }) => {
      it('says how long to wait for another code, and keeps the code field for the one sent', async () => {
        const u = user();
        await renderApp('/login', { locale });
        await u.type(await screen.findByLabelText(emailLabel), 'owner@demo.test');
        await u.click(screen.getByRole('button', { name: send }));
        await u.click(await screen.findByRole('button', { name: resend }));
        const alert = await screen.findByRole('alert');
        const seconds = Number(alert.textContent?.match(throttled)?.[1]);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(screen.getByRole('button', { name: resend })).toBeEnabled();
      });

      it('says sign-in is paused after too many wrong codes', async () => {
        await givenLoginFailures('owner@demo.test', MAX_FAILURES);
        const u = user();
        await renderApp('/login', { locale });
        await u.type(await screen.findByLabelText(emailLabel), 'owner@demo.test');
        await u.click(screen.getByRole('button', { name: send }));
        expect(await screen.findByRole('alert')).toHaveTextContent(locked);
        expect(readUserInfo()).toBeNull();
      });
    },
  );

  it('speaks the stored language', async () => {
    await renderApp('/login', { locale: 'zh-TW' });
    expect(await screen.findByRole('heading', { level: 1, name: '登入' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-TW');
  });
});

describe('login marketing panel', () => {
  // The spec's display prices: USD in English, CNY in Simplified and TWD amounts in Traditional Chinese,
  // each written so that it cannot be taken for another (NT$, not a bare $ beside the English page's).
  it.each([
    [
      'en' as const,
      ['$99 / month', '$299 / month', 'Custom pricing'],
      ['500 AI chats a month', '2,000 AI chats a month'],
    ],
    ['zh-CN' as const, ['¥99/月', '¥299/月', '定制价格'], ['每月 500 次 AI 对话', '每月 2,000 次 AI 对话']],
    [
      'zh-TW' as const,
      ['NT$2,990/月', 'NT$8,990/月', '客製化價格'],
      ['每月 500 次 AI 對話', '每月 2,000 次 AI 對話'],
    ],
  ])('shows the plans with the prices of %s', async (locale, prices, chats) => {
    await renderApp('/login', { locale });
    const plans = await screen.findByRole('region', {
      name: /Plans for every size|适合各种规模的方案|適合各種規模的方案/,
    });
    const items = within(plans)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items).toHaveLength(3);
    for (const [i, price] of prices.entries()) expect(items[i]).toContain(price);
    for (const [i, text] of chats.entries()) expect(items[i]).toContain(text);
    expect(items[0]).toMatch(/1 (WhatsApp number(?!s)|个 WhatsApp 号码|個 WhatsApp 號碼)/);
    expect(items[1]).toMatch(/3 (WhatsApp numbers|个 WhatsApp 号码|個 WhatsApp 號碼)/);
    expect(items[2]).toMatch(/10 (WhatsApp numbers|个 WhatsApp 号码|個 WhatsApp 號碼)/);
    expect(plans).toHaveTextContent(/10x|10 倍/);
    expect(plans).toHaveTextContent(/300%/);
  });
});
