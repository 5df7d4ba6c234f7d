import { HttpResponse } from 'msw';
import { KNOWLEDGE_FILE_EXTENSIONS, type UploadedFile } from '../../src/api/schemas/upload';
import {
  KNOWLEDGE_FILE_MAX_BYTES,
  KNOWLEDGE_FILE_MAX_MB,
} from '../../src/machines/botSettings/knowledgeUpload/limits';
import { givenKnowledgeFile } from '../fixtures';
import { authedRoute, fail } from './common';

/**
 * The uplink the mock server receives files over: a file takes as long as its bytes take at this rate (a
 * 5 MB file about 3 s), so an upload can be watched and cancelled in the demo as over a real connection.
 * Tests that are not about time set it to Infinity (and back with resetUploadLink).
 */
export const UPLINK_BYTES_PER_SECOND = 1.5 * 1024 * 1024;
export const uploadLink = { bytesPerSecond: UPLINK_BYTES_PER_SECOND };

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Transfers under way: resetting the link ends them (a link that goes down delivers nothing). */
const underWay = new Set<() => void>();

/** How many transfers the server is receiving now. */
export const transfersUnderWay = () => underWay.size;

export const resetUploadLink = () => {
  uploadLink.bytesPerSecond = UPLINK_BYTES_PER_SECOND;
  for (const cut of [...underWay]) cut();
};

/**
 * Waits while `bytes` arrive at the uplink's rate. False when they did not all arrive: the client gave up
 * (where the request's signal tells it) or the link was reset.
 */
function receive(bytes: number, signal: AbortSignal): Promise<boolean> {
  // At most the longest delay a timer takes (a longer one would fire at once).
  const ms = Math.min((bytes / uploadLink.bytesPerSecond) * 1000, MAX_TIMER_MS);
  if (signal.aborted) return Promise.resolve(false);
  if (!(ms >= 1)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const end = (arrived: boolean) => () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', cut);
      underWay.delete(cut);
      resolve(arrived);
    };
    const cut = end(false);
    const timer = setTimeout(end(true), ms);
    signal.addEventListener('abort', cut, { once: true });
    underWay.add(cut);
  });
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export const uploadHandlers = [
  authedRoute('post', '/upload/file-to-knowledge', async ({ request, user }) => {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw fail.validation('file: expected a multipart/form-data body');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw fail.validation('file: a file is required');
    const name = 'name' in file && typeof file.name === 'string' && file.name ? file.name : 'upload';
    if (!(KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name))) {
      throw fail.validation(`file: ${name} is not accepted; upload PDF, DOC, DOCX or TXT files`);
    }
    if (file.size === 0) throw fail.validation(`file: ${name} is empty`);
    // The app's own limit, which it checks before sending: a client that does not is refused the same.
    if (file.size > KNOWLEDGE_FILE_MAX_BYTES) {
      throw fail.validation(`file: ${name} is larger than ${KNOWLEDGE_FILE_MAX_MB} MB`);
    }
    // An upload that did not complete leaves nothing on the server.
    if (!(await receive(file.size, request.signal))) return HttpResponse.error();
    const stored = await givenKnowledgeFile(user.id, { name, size: file.size });
    const { ownerId: _ownerId, ...answer } = stored;
    return HttpResponse.json<UploadedFile>(answer);
  }),
];
