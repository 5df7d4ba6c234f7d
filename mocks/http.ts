import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, isPassthroughResponse, type RequestHandler } from 'msw';
import type { ErrorBody } from '../src/api/schemas/common';
import { handlers as normalHandlers } from './handlers';
import { type ScenarioName, scenarioHandlers } from './scenarios';

/**
 * The mock backend over real HTTP, for Pact provider verification and for anyone who wants the mock API as a
 * server. Each request becomes a Fetch Request answered by msw's getResponse (@mswjs/http-middleware does
 * not work with msw 3). Any origin may call it (CORS).
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
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ?? 'authorization, content-type, x-user-id',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = new Uint8Array(Buffer.concat(chunks));
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

function sendJson(res: ServerResponse, cors: Record<string, string>, body: ErrorBody): void {
  res.writeHead(body.statusCode, { ...cors, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startMockHttpServer(options: MockHttpServerOptions = {}): Promise<MockHttpServer> {
  const { host = '127.0.0.1', port = 0, scenario = 'happy' } = options;
  const handlers = options.handlers ?? [...scenarioHandlers(scenario), ...normalHandlers];
  let origin = '';

  const server = createServer(async (req, res) => {
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
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
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
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
