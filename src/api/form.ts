import type * as z from 'zod/mini';
import { type CallOptions, clientSupport } from './client';
import { call, type ErrorAnswer, httpError, parseResponse, transportError } from './request';

const { baseURL, pathOf, prepare } = clientSupport;

/** Bytes of a request body sent so far, of its whole length. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends Omit<CallOptions, 'body' | 'timeout'> {
  /** Called as the body goes out (not for a body whose length the browser does not know). */
  onProgress?: (progress: UploadProgress) => void;
}

/** A JSON answer parsed, any other kept as text (what ofetch makes of an answer). */
function answerData(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!/json/i.test(xhr.getResponseHeader('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a form through XMLHttpRequest, the one browser API that tells how much of a request body went out
 * (fetch cannot). Same rules as every call: the auth gate, the bearer token, the 401 rule, the error shapes,
 * the schema. No time limit (its length is the user's bandwidth): only the caller's signal ends it, and an
 * abort before the gate opens sends nothing at all.
 */
async function sendForm<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  form: FormData,
  { signal, headers: extra, query, onProgress }: UploadOptions = {},
): Promise<z.output<S>> {
  const endpoint = `POST ${pathOf(path)}`;
  const abortError = () => transportError(true, endpoint, signal?.reason);
  if (signal?.aborted) throw abortError();
  const headers = await prepare(path);
  if (signal?.aborted) throw abortError();
  for (const [k, v] of Object.entries(extra ?? {})) headers.set(k, v);
  const sent = headers.get('Authorization');
  const search = query ? `${path.includes('?') ? '&' : '?'}${new URLSearchParams(query)}` : '';

  const xhr = new XMLHttpRequest();
  const answer = await new Promise<ErrorAnswer>((resolve, reject) => {
    const onAbort = () => {
      xhr.abort();
      reject(abortError());
    };
    const settle = (then: () => void) => () => {
      signal?.removeEventListener('abort', onAbort);
      then();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.open('POST', `${baseURL()}${path}${search}`);
    headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
      };
    }
    xhr.onload = settle(() =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        data: answerData(xhr),
        retryAfter: xhr.getResponseHeader('retry-after'),
      }),
    );
    xhr.onerror = settle(() => reject(transportError(false, endpoint, new Error('XMLHttpRequest failed'))));
    xhr.onabort = settle(() => reject(abortError()));
    xhr.send(form);
  });
  if (answer.status < 200 || answer.status > 299) throw await httpError(answer, endpoint, path, sent, null);
  return parseResponse(schema, answer.data, endpoint);
}

/**
 * multipart/form-data POST: each payload field becomes a form field. Where the page has XMLHttpRequest (the
 * browser), it reports the bytes sent through `onProgress`; elsewhere (Node) it goes through fetch, silently.
 */
export function postForm<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  fields: Record<string, string | Blob>,
  o?: UploadOptions,
): Promise<z.output<S>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (typeof XMLHttpRequest === 'function') return sendForm(path, schema, form, o);
  const { onProgress: _onProgress, ...rest } = o ?? {};
  return call('POST', path, schema, { ...rest, body: form, timeout: false });
}
