import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../mocks/db';
import { resetUploadLink, transfersUnderWay, uploadLink } from '../../mocks/handlers/upload';
import { resetAndSeed, server } from '../../mocks/node';
import { DEMO_OWNER } from '../../mocks/seed';
import { reshaped, withMockServer } from '../../mocks/testing';
import { configureClient, holdRequestsUntil, resetClient } from './client';
import { ApiError } from './errors';
import type { UploadProgress } from './form';
import { readUserInfo, writeUserInfo } from './storage';
import { uploadKnowledgeFile } from './upload';

withMockServer();
/** The page's own origin, as the app calls it (another origin would be a CORS request). */
const BASE = `${location.origin}/api/v1`;
const onUnauthorized = vi.fn();

beforeEach(async () => {
  await resetAndSeed();
  resetClient();
  onUnauthorized.mockReset();
  configureClient({ baseURL: BASE, onUnauthorized, currentLocation: () => '/bot-settings' });
  writeUserInfo({ accessToken: DEMO_OWNER.token, id: DEMO_OWNER.id, userId: DEMO_OWNER.id });
  // Time is not what these tests are about, but for the cancelled transfer.
  uploadLink.bytesPerSecond = Number.POSITIVE_INFINITY;
  // The page's XMLHttpRequest (jsdom's) sends jsdom's files as multipart; the mock reads the body back with
  // Node's multipart parser, which makes the global File and wants it to be Node's.
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
});
afterEach(() => resetUploadLink());

/** jsdom's File, what the page's file input gives. */
const PageFile = globalThis.File;
const textFile = (name: string, bytes: number) =>
  new PageFile([new Uint8Array(bytes).fill(65)], name, { type: 'text/plain' });
const stored = (name: string) => db.knowledgeFiles.findMany((q) => q.where((f) => f.name === name));

/** Paths of the requests the mock server sees start. */
function watchRequests() {
  const started: string[] = [];
  const onStart = ({ request }: { request: Request }) => started.push(new URL(request.url).pathname);
  server.events.on('request:start', onStart);
  return { started, stop: () => server.events.removeListener('request:start', onStart) };
}

describe('uploading a knowledge file', () => {
  it('reports the bytes sent, in the file’s bytes, up to the whole file, and answers the stored file', async () => {
    const file = textFile('handbook.txt', 300_000);
    const progress: UploadProgress[] = [];
    const answer = await uploadKnowledgeFile(file, { onProgress: (p) => progress.push(p) });

    expect(answer).toMatchObject({ name: 'handbook.txt', size: 300_000 });
    expect(stored('handbook.txt')).toHaveLength(1);
    // In the file's bytes, never backwards, ending complete (jsdom reports the body once it has all gone).
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 300_000)).toBe(true);
    const loaded = progress.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ loaded: 300_000, total: 300_000 });
  });

  it('sends the file as the multipart field "file" with the bearer token, through XMLHttpRequest', async () => {
    const seen: { auth: string | null; type: string | null; file: unknown }[] = [];
    server.use(
      mswHttp.post(`${BASE}/upload/file-to-knowledge`, async ({ request }) => {
        const form = await request.clone().formData();
        seen.push({
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          file: form.get('file'),
        });
      }),
    );
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    await uploadKnowledgeFile(textFile('faq.txt', 12));
    expect(send).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe(`Bearer ${DEMO_OWNER.token}`);
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.file).toMatchObject({ name: 'faq.txt', size: 12 });
  });

  it('gives up at once when the caller aborts mid-way, with an aborted error and no answer', async () => {
    // A slow uplink: the transfer is under way until the abort (and never completes by itself).
    uploadLink.bytesPerSecond = 1;
    const requests = watchRequests();
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const controller = new AbortController();
    const upload = uploadKnowledgeFile(textFile('manual.pdf', 2_000_000), { signal: controller.signal });
    // The server is receiving the file.
    await vi.waitFor(() => expect(transfersUnderWay()).toBe(1));
    controller.abort();

    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'aborted', endpoint: 'POST /upload/file-to-knowledge' });
    expect(abort).toHaveBeenCalledTimes(1);
    expect(requests.started).toEqual(['/api/v1/upload/file-to-knowledge']);
    requests.stop();
    // The transfer never completes, so the server stores nothing.
    resetUploadLink();
    expect(transfersUnderWay()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stored('manual.pdf')).toEqual([]);
  });

  it('sends nothing when aborted while sign-in holds requests back', async () => {
    const requests = watchRequests();
    let signedIn = () => {};
    holdRequestsUntil(new Promise<void>((resolve) => (signedIn = resolve)));
    const controller = new AbortController();
    const upload = uploadKnowledgeFile(textFile('faq.txt', 10), { signal: controller.signal });
    controller.abort();
    signedIn();
    await expect(upload).rejects.toMatchObject({ kind: 'aborted' });
    // A later call goes out: the aborted one would have gone before it.
    await uploadKnowledgeFile(textFile('next.txt', 10));
    expect(requests.started).toEqual(['/api/v1/upload/file-to-knowledge']);
    expect(stored('faq.txt')).toEqual([]);
    requests.stop();
  });

  it('waits for a pending sign-in and sends the token it stored', async () => {
    let auth: string | null = null;
    server.use(
      mswHttp.post(`${BASE}/upload/file-to-knowledge`, ({ request }) => {
        auth = request.headers.get('authorization');
      }),
    );
    let signedIn = () => {};
    holdRequestsUntil(new Promise<void>((resolve) => (signedIn = resolve)));
    const upload = uploadKnowledgeFile(textFile('faq.txt', 10));
    writeUserInfo({ accessToken: DEMO_OWNER.token, id: DEMO_OWNER.id, userId: DEMO_OWNER.id });
    signedIn();
    await upload;
    expect(auth).toBe(`Bearer ${DEMO_OWNER.token}`);
  });

  it('ends the session on a 401 (the stored token is no longer valid)', async () => {
    writeUserInfo({ accessToken: 'expired-token', id: DEMO_OWNER.id, userId: DEMO_OWNER.id });
    const error = await uploadKnowledgeFile(textFile('faq.txt', 10)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'Unauthorized' });
    expect(readUserInfo()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('/bot-settings');
  });

  it('fails with the server’s error body: its message, code and status', async () => {
    const error = await uploadKnowledgeFile(textFile('virus.exe', 10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'file: virus.exe is not accepted; upload PDF, DOC, DOCX or TXT files',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('fails with the status text when the error has no body of the agreed shape, and Retry-After', async () => {
    server.use(
      mswHttp.post(
        `${BASE}/upload/file-to-knowledge`,
        () =>
          new HttpResponse('<h1>busy</h1>', {
            status: 503,
            statusText: 'Service Unavailable',
            headers: { 'content-type': 'text/html', 'retry-after': '30' },
          }),
      ),
    );
    await expect(uploadKnowledgeFile(textFile('faq.txt', 10))).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      body: null,
      message: 'Service Unavailable',
      retryAfter: 30,
    });
  });

  it('fails as a network error when no answer comes', async () => {
    server.use(mswHttp.post(`${BASE}/upload/file-to-knowledge`, () => HttpResponse.error()));
    await expect(uploadKnowledgeFile(textFile('faq.txt', 10))).rejects.toMatchObject({
      kind: 'network',
      message: 'Network error: the server could not be reached',
    });
  });

  it('names the endpoint and the field when the answer does not have the agreed shape', async () => {
    server.use(
      reshaped('post', '/upload/file-to-knowledge', (body) => ({ ...(body as object), size: 'big' })),
    );
    await expect(uploadKnowledgeFile(textFile('faq.txt', 10))).rejects.toMatchObject({
      kind: 'schema',
      endpoint: 'POST /upload/file-to-knowledge',
      field: 'size',
    });
  });
});
