import { clientSupport } from './client';
import { ApiError } from './errors';
import { toApiError } from './request';

const { baseURL, pathOf, withTimeout, isTimeout, prepare, handleUnauthorized } = clientSupport;

export interface StreamHandlers {
  /** A `data:` line, parsed as JSON. */
  onData: (payload: unknown) => void;
  /** Non-OK status, no readable stream, an `error:` line, a parse error or a network error. */
  onError: (error: ApiError) => void;
  signal?: AbortSignal;
}

/** Streaming GET over server-sent events. Resolves when the stream ends or fails (failures go to onError). */
export async function streamGet(path: string, handlers: StreamHandlers): Promise<void> {
  const endpoint = `GET ${pathOf(path)}`;
  const fail = (
    message: string,
    kind: ApiError['kind'] = 'http',
    status: number | null = null,
    cause?: unknown,
  ) => handlers.onError(new ApiError({ kind, endpoint, message, status, cause }));
  let response: Response;
  // Only the answer's start has a time limit: a stream may then run as long as it has something to say.
  const limit = withTimeout(handlers.signal);
  let sent: string | null = null;
  try {
    const headers = await prepare(path, 'text/event-stream');
    sent = headers.get('Authorization');
    response = await fetch(`${baseURL()}${path}`, { headers, signal: limit.signal });
  } catch (e) {
    const err = await toApiError(e, endpoint, path, { timedOut: isTimeout(limit.signal) });
    return fail(err.message, err.kind, null, e);
  } finally {
    limit.done();
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(path, sent);
    return fail(response.statusText || `HTTP ${response.status}`, 'http', response.status);
  }
  if (!response.body) return fail('ReadableStream not supported');

  // Read line by line here rather than with eventsource-parser (4.1): the spec's `error:` lines are not an SSE
  // field, and that parser drops an unfinished line whose name cannot become a known field, so an `error:`
  // line split across two chunks, or one that ends the stream, vanished without a callback (its onError sees
  // only whole lines). It also holds `data:` until a blank line and drops an event the stream ends in, while
  // the spec reads each `data:` line as JSON on its own.
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const handleLine = (line: string) => {
    const match = /^(data|error):\s?(.*)$/.exec(line);
    if (!match) return;
    const [, field, text] = match;
    let payload: unknown;
    try {
      payload = JSON.parse(text ?? '');
    } catch (e) {
      return fail(`Could not parse stream line: ${line}`, 'schema', null, e);
    }
    if (field === 'data') handlers.onData(payload);
    else {
      const message = (payload as { message?: unknown })?.message;
      fail(typeof message === 'string' ? message : JSON.stringify(payload));
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      // CRLF, CR or LF (SSE allows all three). A CR at a chunk's end whose LF comes next makes an empty line,
      // which is skipped like any other.
      const lines = buffer.split(/\r\n?|\n/);
      buffer = lines.pop() ?? '';
      lines.forEach(handleLine);
    }
    buffer += decoder.decode();
    if (buffer) handleLine(buffer);
  } catch (e) {
    const err = await toApiError(e, endpoint, path);
    fail(err.message, err.kind, null, e);
  }
}
