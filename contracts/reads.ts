import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The calls the client itself sent to Pact's mock server during the consumer tests, as "METHOD /path". The
 * client parses each answer with its own schema, so a success example it read (in a passing test) is one its
 * schemas accept; examples.verify.test.ts reads this list instead of keeping a table of paths and schemas.
 */
export const READS_FILE = 'test-results/contract-client-reads.json';

const sendRequest = globalThis.fetch;
const reads = new Set<string>();

/** For requests the client refuses to send (a body its rules reject): the server's answer is still pinned. */
export const rawFetch: typeof fetch = (input, init) => sendRequest(input, init);

let recording = false;

/** Notes every call the client sends from now on (ofetch, the stream reader and uploads all use fetch in Node). */
export function recordClientReads(): void {
  if (recording) return;
  recording = true;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    reads.add(`${request.method} ${new URL(request.url).pathname}`);
    return sendRequest(input, init);
  };
}

/** Adds this run's reads to the file (test files may not share this module's state). */
export function saveClientReads(): void {
  if (reads.size === 0) return;
  const before: string[] = existsSync(READS_FILE) ? JSON.parse(readFileSync(READS_FILE, 'utf8')) : [];
  writeFileSync(READS_FILE, JSON.stringify([...new Set([...before, ...reads])].sort(), null, 1));
}

export const loadClientReads = (): Set<string> =>
  new Set(existsSync(READS_FILE) ? (JSON.parse(readFileSync(READS_FILE, 'utf8')) as string[]) : []);
