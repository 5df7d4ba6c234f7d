import { describe, expect, it } from 'vitest';
import { API_PATH_PATTERN, DEMO_WORKER_FILE, demoWorkerScript } from '../scripts/vite/demoWorker';

describe("the demo's service worker", () => {
  const api = new URLPattern({ pathname: API_PATH_PATTERN });

  it.each([
    'http://127.0.0.1:4173/api/v1/users/me',
    'https://api.example.com/api/v1/chat-session/search?page=1',
    'http://localhost:5173/proxy/api/v1/whatsapp/list',
  ])('sends the API call %s to the mock', (url) => {
    expect(api.test(url)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:4173/assets/index-abc.js',
    'http://127.0.0.1:4173/login',
    'http://127.0.0.1:4173/icon-192.png',
    'http://127.0.0.1:4173/api/v2/users/me',
    'http://127.0.0.1:4173/assets/api-v1-notes.js',
  ])('sends the app file %s straight to the network', (url) => {
    expect(api.test(url)).toBe(false);
  });

  it("routes with that pattern when it installs, then runs MSW's own worker", () => {
    const script = demoWorkerScript('mockServiceWorker.js');
    expect(script).toContain(`new URLPattern({ pathname: ${JSON.stringify(API_PATH_PATTERN)} })`);
    expect(script).toContain("condition: { not: { urlPattern: api } }, source: 'network'");
    expect(script.trim().endsWith('importScripts("./mockServiceWorker.js");')).toBe(true);
    expect(DEMO_WORKER_FILE).toBe('demoWorker.js');
  });
});
