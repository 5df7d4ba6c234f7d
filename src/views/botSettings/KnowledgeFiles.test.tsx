import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../mocks/db';
import { API, errorResponse } from '../../../mocks/handlers/common';
import { resetUploadLink, transfersUnderWay, uploadLink } from '../../../mocks/handlers/upload';
import { resetAndSeed, server } from '../../../mocks/node';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { KNOWLEDGE_FILE_MAX_BYTES } from '../../machines/botSettings/knowledgeUpload/limits';

withMockServer();
warmUp('/bot-settings', { as: 'owner' });

/** jsdom's File, what the page's file input gives (and what its XMLHttpRequest sends as multipart). */
const PageFile = globalThis.File;
const MB = 1024 * 1024;
const pageFile = (name: string, bytes: number) =>
  new PageFile([new Uint8Array(bytes).fill(65)], name, { type: 'text/plain' });

beforeEach(async () => {
  await resetAndSeed();
  // The mock reads the multipart body back with Node's parser, which makes the global File and wants Node's.
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
});
afterEach(() => resetUploadLink());

/** The requests the page sends, to report progress on them as a browser does while the body goes out. */
function watchUploads() {
  const sent: XMLHttpRequest[] = [];
  const send = XMLHttpRequest.prototype.send;
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
    sent.push(this);
    send.call(this, body);
  });
  const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
  const progress = (xhr: XMLHttpRequest | undefined, loaded: number, total: number) =>
    xhr?.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  return { sent, abort, progress };
}

async function openKnowledge() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  await user.click(await screen.findByRole('tab', { name: 'Knowledge' }));
  const input = screen.getByLabelText('Knowledge files to upload');
  return { user, input };
}

const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Knowledge files' }))
    .getByTitle(name)
    .closest('li') as HTMLElement;

describe('knowledge file uploads', () => {
  it('shows each file’s progress in bytes, cancels one mid-way, and lists the next once it is up', async () => {
    // A slow uplink: the first file is still on its way when it is cancelled.
    uploadLink.bytesPerSecond = 1;
    const uploads = watchUploads();
    const { user, input } = await openKnowledge();
    const manual = pageFile('manual.pdf', 3.4 * MB);
    const notes = pageFile('notes.txt', 1.2 * MB);
    await user.upload(input, [manual, notes]);

    // The first is on its way, nothing known of it yet; the second waits, at nothing sent.
    await waitFor(() => expect(transfersUnderWay()).toBe(1));
    expect(rowOf('manual.pdf')).toHaveTextContent('manual.pdf3.40 MB · Uploading…');
    const manualBar = within(rowOf('manual.pdf')).getByRole('progressbar', { name: 'Upload of manual.pdf' });
    expect(manualBar).not.toHaveAttribute('aria-valuenow');
    expect(rowOf('notes.txt')).toHaveTextContent('notes.txt1.20 MB · Waiting to upload');
    const notesBar = within(rowOf('notes.txt')).getByRole('progressbar', { name: 'Upload of notes.txt' });
    expect(notesBar).toHaveAttribute('aria-valuenow', '0');
    expect(notesBar).toHaveAttribute('aria-valuemax', String(notes.size));

    // Half of the request body has gone out: half of the file, in the spec's size format.
    const body = uploads.sent[0];
    const total = manual.size + 220;
    uploads.progress(body, total / 2, total);
    await waitFor(() => expect(rowOf('manual.pdf')).toHaveTextContent('manual.pdf1.70 MB of 3.40 MB'));
    const half = within(rowOf('manual.pdf')).getByRole('progressbar', { name: 'Upload of manual.pdf' });
    expect(half).toHaveAttribute('aria-valuenow', String(Math.round(manual.size / 2)));
    expect(half).toHaveAttribute('aria-valuemax', String(manual.size));
    expect(half).toHaveAttribute('aria-valuetext', '1.70 MB of 3.40 MB');

    // Cancel: the request stops, the file leaves the list, and the next one goes (quickly now).
    uploadLink.bytesPerSecond = Number.POSITIVE_INFINITY;
    await user.click(screen.getByRole('button', { name: 'Cancel upload of manual.pdf' }));
    expect(uploads.abort).toHaveBeenCalledTimes(1);
    expect(screen.queryByTitle('manual.pdf')).toBeNull();
    await waitFor(() => expect(rowOf('notes.txt')).toHaveTextContent('notes.txt1.20 MB · Uploaded'));
    expect(uploads.sent).toHaveLength(2);
    expect(within(rowOf('notes.txt')).queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTitle('manual.pdf')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // The cancelled transfer never completes: the server keeps nothing of it.
    resetUploadLink();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(db.knowledgeFiles.findMany((q) => q.where((f) => f.name === 'manual.pdf'))).toEqual([]);
    expect(db.knowledgeFiles.findMany((q) => q.where((f) => f.name === 'notes.txt'))).toHaveLength(1);
  });

  it('cancels a waiting file before it is sent', async () => {
    uploadLink.bytesPerSecond = 1;
    const uploads = watchUploads();
    const { user, input } = await openKnowledge();
    await user.upload(input, [pageFile('a.txt', 2_000), pageFile('b.txt', 3_000)]);
    await waitFor(() => expect(transfersUnderWay()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of b.txt' }));
    expect(screen.queryByTitle('b.txt')).toBeNull();
    // The one being sent goes on.
    expect(uploads.abort).not.toHaveBeenCalled();
    expect(rowOf('a.txt')).toHaveTextContent('a.txt1.95 KB · Uploading…');
    await user.click(screen.getByRole('button', { name: 'Cancel upload of a.txt' }));
    expect(screen.queryByRole('button', { name: /^Cancel upload of/ })).toBeNull();
    expect(uploads.sent).toHaveLength(1);
  });

  it('keeps a file the server refused with its message and Remove, but no Retry (nor Cancel)', async () => {
    const { user, input } = await openKnowledge();
    await user.upload(input, [new PageFile([], 'empty.txt', { type: 'text/plain' })]);
    const row = await waitFor(() => rowOf('empty.txt'));
    await waitFor(() => expect(row).toHaveTextContent('Upload failed: file: empty.txt is empty'));
    expect(within(row).queryByRole('progressbar')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
    // The same file would be refused again: retrying is not offered.
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Remove empty.txt' }));
    expect(screen.queryByTitle('empty.txt')).toBeNull();
  });

  it('offers Retry when the server failed, and the retry uploads the file', async () => {
    server.use(
      http.post(`${API}/upload/file-to-knowledge`, () => errorResponse(503, 'Storage is busy'), {
        once: true,
      }),
    );
    const { user, input } = await openKnowledge();
    await user.upload(input, [pageFile('hours.txt', 100)]);
    const row = await waitFor(() => rowOf('hours.txt'));
    await waitFor(() => expect(row).toHaveTextContent('Upload failed: Storage is busy'));
    await user.click(within(row).getByRole('button', { name: /^Retry\s*hours\.txt$/ }));
    await waitFor(() => expect(rowOf('hours.txt')).toHaveTextContent('hours.txt100 B · Uploaded'));
  });

  it('states the size limit, and refuses a larger file by name before any byte is sent', async () => {
    const uploads = watchUploads();
    const { user, input } = await openKnowledge();
    expect(
      screen.getByText('PDF, DOC, DOCX or TXT, up to 20 MB each. You can add several at once.'),
    ).toBeInTheDocument();
    // One byte over the limit (the size is all the page reads before sending; its bytes need not exist).
    const big = Object.defineProperty(pageFile('manual.pdf', 1), 'size', {
      value: KNOWLEDGE_FILE_MAX_BYTES + 1,
    });
    await user.upload(input, [big, pageFile('notes.txt', 2_000)]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too large to upload: manual.pdf. A file can be at most 20 MB.',
    );
    // Not listed, so nothing to retry; the other file goes as usual.
    expect(screen.queryByTitle('manual.pdf')).toBeNull();
    await waitFor(() => expect(rowOf('notes.txt')).toHaveTextContent('notes.txt1.95 KB · Uploaded'));
    expect(uploads.sent).toHaveLength(1);
    expect(db.knowledgeFiles.findMany((q) => q.where((f) => f.name === 'manual.pdf'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
