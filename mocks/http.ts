import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, isPassthroughResponse, type RequestHandler } from 'msw';
import { type ErrorBody, ErrorCodes } from '../src/api/schemas/common';
import { handlers as normalHandlers } from './handlers';
import { type ScenarioName, scenarioHandlers } from './scenarios';

/**
 * The mock backend over real HTTP, for Pact provider verification and for anyone who wants the mock API as a
 * server. Each request becomes a Fetch Request answered by msw's getResponse (@mswjs/http-middleware does
 * not work with msw 3). Like a server that is careful with its callers: browsers on a loopback origin (a
 * development server, a preview) may call it, other origins only when MOCK_CORS_ORIGINS lists them, and a
 * body over MAX_BODY_BYTES is refused with 413 before it is read.
 */
export interface MockHttpServer {
  /** e.g. http://127.0.0.1:4010 (the API is under /api/v1). */
  url: string;
  close: () => Promise<void>;
}

export interface MockHttpServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  scenario?: ScenarioName;
  /** Instead of the scenario's and the normal handlers. */
  handlers?: RequestHandler[];
  /** Browser origins allowed besides loopback ones (default: MOCK_CORS_ORIGINS, comma-separated). */
  corsOrigins?: string[];
}

/** A request body larger than this is refused (the largest upload, 20 MB, fits with its multipart framing). */
export const MAX_BODY_BYTES = 25 * 1024 * 1024;

export const corsOriginsFromEnv = (value = process.env.MOCK_CORS_ORIGINS): string[] =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback origins (any port, http or https) and the listed ones; `*` in the list allows any origin. */
export function isAllowedOrigin(origin: string, allowed: string[]): boolean {
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** CORS headers for an allowed origin; none for another (the browser then refuses to hand over the answer). */
function corsHeaders(req: IncomingMessage, allowed: string[]): Record<string, string> {
  const origin = req.headers.origin;
  if (origin === undefined || !isAllowedOrigin(origin, allowed)) return { vary: 'Origin' };
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ?? 'authorization, content-type, x-user-id',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

class BodyTooLarge extends Error {}

async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    // A declared length is refused before reading; an undeclared one (chunked) as soon as it runs over.
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new BodyTooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
      chunks.push(chunk as Buffer);
    }
    body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

function sendJson(res: ServerResponse, cors: Record<string, string>, body: ErrorBody): void {
  res.writeHead(body.statusCode, { ...cors, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Writes an event stream as it is produced (a real server's events arrive one by one, and a stream of live
 * events never ends); a client that goes away cancels it, so the handler's timers and listeners end too.
 */
async function streamTo(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    res.destroy();
  }
}

export async function startMockHttpServer(options: MockHttpServerOptions = {}): Promise<MockHttpServer> {
  const { host = '127.0.0.1', port = 0, scenario = 'happy' } = options;
  const handlers = options.handlers ?? [...scenarioHandlers(scenario), ...normalHandlers];
  const corsOrigins = options.corsOrigins ?? corsOriginsFromEnv();
  let origin = '';

  const server = createServer(async (req, res) => {
    const cors = corsHeaders(req, corsOrigins);
    if (req.method === 'OPTIONS') {
      // A preflight from an origin that may not call is refused outright.
      res.writeHead(cors['access-control-allow-origin'] ? 204 : 403, cors);
      res.end();
      return;
    }
    try {
      const request = await toFetchRequest(req, origin);
      const response = await getResponse(handlers, request);
      if (!response || isPassthroughResponse(response)) {
        const what = `${request.method} ${new URL(request.url).pathname}`;
        sendJson(res, cors, {
          statusCode: 404,
          message: `No mock for ${what}`,
          error: 'Not Found',
          code: 'NOT_FOUND',
        });
        return;
      }
      // HttpResponse.error() (the 'offline' scenario): drop the connection like a dead network would.
      if (response.type === 'error') {
        res.destroy();
        return;
      }
      const headers: Record<string, string> = { ...cors };
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      res.writeHead(response.status, headers);
      if (response.body && headers['content-type']?.startsWith('text/event-stream')) {
        await streamTo(res, response.body);
        return;
      }
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        // Answered without reading the rest; the connection closes so the unread upload stops.
        res.setHeader('connection', 'close');
        sendJson(res, cors, {
          statusCode: 413,
          message: `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`,
          error: 'Payload Too Large',
          code: ErrorCodes.payloadTooLarge,
        });
        return;
      }
      const message = e instanceof Error ? e.message : String(e);
      sendJson(res, cors, { statusCode: 500, message, error: 'Internal Server Error' });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostPart}:${address.port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
