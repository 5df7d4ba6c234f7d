import { expect } from '@playwright/test';
import { test } from './support';

/** One call per resource of the API, answered by the in-browser mock backend through its service worker. */
const CALLS: Array<[resource: string, method: string, path: string, body?: unknown]> = [
  ['auth', 'GET', '/users/me'],
  ['dashboard', 'GET', '/chat-message/compare/yesterday'],
  ['instances', 'GET', '/whatsapp/list'],
  ['chatbots', 'GET', '/chatbots'],
  ['upload', 'POST', '/upload/file-to-knowledge'],
  ['chat sessions', 'POST', '/chat-session/search', { filter: 1 }],
  ['membership', 'GET', '/membership/plans'],
  ['payments', 'POST', '/payments/create', { membershipId: 'plan-pro', scheduleType: 1 }],
];

test('the demo build starts its mock backend and every resource answers through the worker', async ({
  page,
}) => {
  await page.goto('/');

  // Sign in the way the app does: a one-time code, then the code from the demo mailbox.
  const results = await page.evaluate(async (calls) => {
    const api = (path: string, init: RequestInit = {}) => fetch(`/api/v1${path}`, init);
    const json = { 'Content-Type': 'application/json' };
    const email = 'owner@demo.test';
    const sent = await api('/auth/send-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email }),
    });
    const wrong = await api('/auth/login-otp', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, code: '000000' }),
    });
    const unauthorized = await api('/users/me');
    const out: Array<{ resource: string; call: string; status: number; ok: boolean; sample: string }> = [
      {
        resource: 'auth',
        call: 'POST /auth/send-code',
        status: sent.status,
        ok: sent.ok,
        sample: await sent.text(),
      },
      {
        resource: 'auth',
        call: 'POST /auth/login-otp (wrong code)',
        status: wrong.status,
        ok: wrong.ok,
        sample: await wrong.text(),
      },
      {
        resource: 'auth',
        call: 'GET /users/me (no token)',
        status: unauthorized.status,
        ok: unauthorized.ok,
        sample: await unauthorized.text(),
      },
    ];
    const auth = { Authorization: 'Bearer demo-owner-token' };
    for (const [resource, method, path, body] of calls) {
      let init: RequestInit = { method, headers: auth };
      if (path === '/upload/file-to-knowledge') {
        const form = new FormData();
        form.append('file', new File(['Opening hours 9-18'], 'hours.txt', { type: 'text/plain' }));
        init = { method, headers: auth, body: form };
      } else if (body) init = { method, headers: { ...auth, ...json }, body: JSON.stringify(body) };
      const res = await api(path, init);
      out.push({
        resource,
        call: `${method} ${path}`,
        status: res.status,
        ok: res.ok,
        sample: (await res.text()).slice(0, 90),
      });
    }
    // Render the results so the screenshot shows them.
    document.body.innerHTML = `<main style="font:14px system-ui;padding:24px"><h1>Mock backend via service worker</h1><table style="border-collapse:collapse">${out
      .map(
        (r) =>
          `<tr><td style="padding:4px 12px">${r.resource}</td><td style="padding:4px 12px">${r.call}</td><td style="padding:4px 12px;color:${r.ok ? 'green' : '#b45309'}">${r.status}</td><td style="padding:4px 12px;font:12px monospace">${r.sample.replace(/</g, '&lt;')}</td></tr>`,
      )
      .join('')}</table></main>`;
    return out;
  }, CALLS);

  expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 400, 401]);
  expect(results[1]?.sample).toContain('INVALID_CODE');
  for (const r of results.slice(3)) expect(r, r.call).toMatchObject({ ok: true });
  expect(new Set(results.map((r) => r.resource))).toEqual(new Set(CALLS.map(([r]) => r)));
  await page.screenshot({ path: 'test-results/screens/rails.png', fullPage: true });
});

test('a request the mock does not know goes to the network untouched', async ({ page }) => {
  await page.goto('/');
  const status = await page.evaluate(async () => (await fetch('/index.html')).status);
  expect(status).toBe(200);
});
