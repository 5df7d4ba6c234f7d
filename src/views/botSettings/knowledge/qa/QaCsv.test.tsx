import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { db } from '../../../../../mocks/db';
import { givenQaEntry, qaEntriesOf } from '../../../../../mocks/handlers/knowledgeQa';
import { resetAndSeed, server } from '../../../../../mocks/node';
import { DEMO_OWNER } from '../../../../../mocks/seed';
import { withMockServer } from '../../../../../mocks/testing';
import { renderApp, warmUp } from '../../../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const INPUT = 'CSV file of questions and answers to import';
const csv = (text: string, name = 'questions.csv') => new File([text], name, { type: 'text/csv' });

async function openKnowledge() {
  const user = userEvent.setup();
  await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
  const section = await screen.findByRole('region', { name: 'Questions and answers' });
  await within(section).findByText(/of 50 questions/, {}, { timeout: 10_000 });
  return { user, section: within(section) };
}

/** Captures what the download hands to the browser. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      last = b;
      return 'blob:x';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ name: this.download, blob: last });
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return files;
}

describe('questions and answers as a CSV file (beyond the spec)', () => {
  it('refuses a file with a bad row, row by row, saving nothing, and imports it once fixed', async () => {
    await givenQaEntry(DEMO_OWNER.id, 'bot-ava', { question: 'Opening hours?', answer: '9 to 6.' });
    const { user, section } = await openKnowledge();
    await user.upload(
      section.getByLabelText(INPUT),
      csv('question,answer\r\nGift wrap?,"Yes, free."\r\nDo you ship?,\r\nopening hours,Again.\r\n'),
    );
    const table = await section.findByRole('table', { name: 'Rows of questions.csv' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['2', '3', '4']);
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('RefusedThe answer is missing.');
    expect(rows[2]).toHaveTextContent('RefusedThe bot already has this question.');
    expect(
      section.getByText('2 rows are refused. Nothing is saved: fix the file and choose it again.'),
    ).toBeVisible();
    expect(section.getByRole('button', { name: 'Import 3 entries' })).toBeDisabled();
    expect(qaEntriesOf('bot-ava')).toHaveLength(1);

    await user.upload(
      section.getByLabelText(INPUT),
      csv('问题,答案\n Gift wrap? ,"Yes, free."\n营业时间？,九点到六点。\n', 'fixed.csv'),
    );
    await section.findByRole('table', { name: 'Rows of fixed.csv' });
    expect(section.getByText('2 rows are ready to import.')).toBeVisible();
    await user.click(section.getByRole('button', { name: 'Import 2 entries' }));
    expect(await section.findByText('2 entries imported.')).toBeVisible();
    expect(await section.findByText('3 of 50 questions')).toBeVisible();
    expect(section.queryByRole('table')).toBeNull();
    expect(qaEntriesOf('bot-ava').map((e) => [e.question, e.answer])).toEqual([
      ['Opening hours?', '9 to 6.'],
      ['Gift wrap?', 'Yes, free.'],
      ['营业时间？', '九点到六点。'],
    ]);
  });

  it('says what is wrong with a file that is not one of questions and answers, and can be cancelled', async () => {
    const { user, section } = await openKnowledge();
    await user.upload(section.getByLabelText(INPUT), csv('name,email\nAva,ava@shop.test\n', 'contacts.csv'));
    expect(await section.findByText(/This is not a CSV file of questions and answers/)).toBeVisible();
    expect(section.getByRole('button', { name: 'Import 0 entries' })).toBeDisabled();
    await user.click(section.getByRole('button', { name: 'Cancel the import' }));
    await waitFor(() =>
      expect(section.queryByRole('heading', { name: 'Import from contacts.csv' })).toBeNull(),
    );
    expect(section.getByRole('button', { name: 'Import CSV' })).toBeEnabled();
  });

  it('marks the rows the server refuses, saving nothing', async () => {
    server.use(
      http.post('*/api/v1/chatbots/:id/qa/import', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            message: 'Row 2, answer: Not allowed here',
            code: 'VALIDATION_FAILED',
            details: [{ row: 2, field: 'answer', message: 'Not allowed here' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, section } = await openKnowledge();
    await user.upload(
      section.getByLabelText(INPUT),
      csv('question,answer\nGift wrap?,Yes.\nCoupons?,<b>No</b>\n'),
    );
    await user.click(await section.findByRole('button', { name: 'Import 2 entries' }));
    const table = section.getByRole('table', { name: 'Rows of questions.csv' });
    const refused = await within(table).findByRole('row', { name: /Coupons\?/ });
    expect(refused).toHaveTextContent('RefusedNot allowed here');
    expect(within(table).getByRole('row', { name: /Gift wrap\?/ })).toHaveTextContent('Ready');
    expect(section.getByText('Row 2, answer: Not allowed here')).toBeVisible();
    expect(section.getByRole('button', { name: 'Import 2 entries' })).toBeDisabled();
    // The file's text is shown as text.
    expect(within(table).getByText('<b>No</b>')).toBeVisible();
    expect(qaEntriesOf('bot-ava')).toHaveLength(0);
  });

  it('keeps the preview with the server’s reason when it refuses the import', async () => {
    server.use(
      http.post('*/api/v1/chatbots/:id/qa/import', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            message: 'A bot keeps at most 50 questions and answers',
            code: 'QA_LIMIT_REACHED',
          },
          { status: 409 },
        ),
      ),
    );
    const { user, section } = await openKnowledge();
    await user.upload(section.getByLabelText(INPUT), csv('question,answer\nGift wrap?,Yes.\n'));
    await user.click(await section.findByRole('button', { name: 'Import 1 entry' }));
    expect(await section.findByText('A bot keeps at most 50 questions and answers')).toBeVisible();
    expect(section.getByRole('table', { name: 'Rows of questions.csv' })).toBeVisible();
    expect(qaEntriesOf('bot-ava')).toHaveLength(0);
  });

  it('on a server without the import call, says so quietly and keeps the list', async () => {
    server.use(http.post('*/api/v1/chatbots/:id/qa/import', () => new HttpResponse(null, { status: 404 })));
    const { user, section } = await openKnowledge();
    await user.upload(section.getByLabelText(INPUT), csv('question,answer\nGift wrap?,Yes.\n'));
    await user.click(await section.findByRole('button', { name: 'Import 1 entry' }));
    expect(
      await section.findByText('This server does not import questions and answers from a file.'),
    ).toBeVisible();
    expect(section.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(section.getByRole('button', { name: 'Add a question' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports all the entries, formulas neutralised and Chinese intact, as a file that imports back the same', async () => {
    const entries = [
      { question: '=SUM(A1)', answer: '+86 138 0000 0000, "any time"' },
      { question: '营业时间？', answer: '周一至周五，9:00-18:00。\n周末休息。' },
    ];
    for (const e of entries) await givenQaEntry(DEMO_OWNER.id, 'bot-ava', e);
    const files = captureDownloads();
    const { user, section } = await openKnowledge();
    // The export is of all the entries, whatever the search shows.
    await user.type(section.getByRole('searchbox', { name: 'Search questions and answers' }), 'SUM');
    await user.click(section.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    const [file] = files;
    if (!file) throw new Error('no file downloaded');
    expect(file.name).toBe('questions-and-answers.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await file.blob.text();
    expect(text).toContain("'=SUM(A1)");
    expect(text).toContain('"\'+86 138 0000 0000, ""any time"""');
    expect(text).toContain('营业时间？');

    await db.qaEntries.deleteMany((q) => q.where((e) => e.chatbotId === 'bot-ava'));
    await user.upload(section.getByLabelText(INPUT), new File([text], 'questions-and-answers.csv'));
    await user.click(await section.findByRole('button', { name: 'Import 2 entries' }));
    await section.findByText('2 entries imported.');
    expect(qaEntriesOf('bot-ava').map(({ question, answer }) => ({ question, answer }))).toEqual(entries);
  });
});
