import type { ProxyOptions, UserConfig } from 'vite';

/** `npm run dev:api`: the development server in this mode talks to a real API. */
export const API_MODE = 'api';

/**
 * In the `api` mode of the development server, `/api` goes through the server to VITE_API_BASE_URL, and the
 * app calls its own origin: the browser sees one origin, so the API needs no CORS for development. The proxy
 * drops the Origin header, which a same-origin browser call still sends, so an API that refuses unknown
 * origins answers as it would a server-side call. Other modes and builds get nothing from here.
 */
export function apiProxy(
  command: 'build' | 'serve',
  mode: string,
  env: Record<string, string>,
): Pick<UserConfig, 'define' | 'server'> {
  if (command !== 'serve' || mode !== API_MODE) return {};
  const target = env.VITE_API_BASE_URL;
  if (!target || !/^https?:\/\//.test(target))
    throw new Error(
      `npm run dev:api needs VITE_API_BASE_URL, the API's origin (http or https), e.g. ` +
        `VITE_API_BASE_URL=https://api.example.com npm run dev:api (got ${JSON.stringify(target ?? '')})`,
    );
  if (env.VITE_MOCKS === 'true') throw new Error('npm run dev:api runs without mocks: unset VITE_MOCKS');
  const proxy: ProxyOptions = {
    target,
    changeOrigin: true,
    configure: (server) => {
      server.on('proxyReq', (request) => request.removeHeader('origin'));
    },
  };
  return {
    // The app's base URL falls back to its own origin (src/api/client.ts).
    define: { 'import.meta.env.VITE_API_BASE_URL': JSON.stringify('') },
    server: { proxy: { '/api': proxy } },
  };
}
