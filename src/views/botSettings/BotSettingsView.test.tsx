import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, errorResponse } from '../../../mocks/handlers/common';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, only, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_CHATBOT_FIELDS, SPEC_UPLOADED_FILE_FIELDS } from '../../../tests/specFields';

withMockServer();
// The prompt tab, so the templates' texts are loaded too.
warmUp('/bot-settings?tab=prompt', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const picker = () => screen.getByLabelText('Chatbot') as HTMLSelectElement;
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

async function openAsOwner() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Ava – Customer Support' }),
  ).toBeInTheDocument();
  return user;
}

describe('bot settings', () => {
  it("lists the owner's three bots without New and edits the first", async () => {
    await openAsOwner();
    expect([...picker().options].map((o) => o.textContent)).toEqual([
      'Ava – Customer Support',
      'Leo – Sales Assistant',
      'Nova – Tech Support',
    ]);
    expect(screen.getByText('You have 3 chatbots, the most an account can have.')).toBeInTheDocument();
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4.1-mini');
    expect(screen.getByLabelText('Temperature')).toHaveValue('0.7');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('Discard changes says what it does: it brings back the saved bot, and is off without changes', async () => {
    const user = await openAsOwner();
    expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull();
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    expect(discard).toBeDisabled();
    await user.type(screen.getByLabelText('Bot name'), ' (draft)');
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    const prompt = screen.getByLabelText('System prompt') as HTMLTextAreaElement;
    const saved = prompt.value;
    await user.clear(prompt);
    await user.click(discard);
    // Back to the saved bot, not to a template or the defaults of a new one.
    expect(prompt).toHaveValue(saved);
    await user.click(screen.getByRole('tab', { name: 'Basic' }));
    expect(screen.getByLabelText('Bot name')).toHaveValue('Ava – Customer Support');
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4.1-mini');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(discard).toBeDisabled();
  });

  it('asks before saving a prompt that still says [Company Name], and fills it in everywhere', async () => {
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    const prompt = screen.getByLabelText('System prompt') as HTMLTextAreaElement;
    const templated = 'You are the assistant of [Company Name]. Thank you for choosing [Company Name]!';
    await user.clear(prompt);
    await user.click(prompt);
    await user.paste(templated);
    const save = screen.getByRole('button', { name: 'Save settings' });
    await user.click(save);
    let dialog = await screen.findByRole('dialog', { name: 'Your prompt still says [Company Name]' });
    // Back to editing: nothing is lost and nothing was sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(prompt).toHaveValue(templated);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(save);
    dialog = await screen.findByRole('dialog', { name: 'Your prompt still says [Company Name]' });
    const company = within(dialog).getByLabelText('Company name');
    await waitFor(() => expect(company).toHaveFocus());
    const fill = within(dialog).getByRole('button', { name: 'Fill in and save' });
    expect(fill).toBeDisabled();
    await user.type(company, 'Acme Outdoor{Enter}');
    expect(await within(toasts()).findByText('Settings saved')).toBeInTheDocument();
    const filled = 'You are the assistant of Acme Outdoor. Thank you for choosing Acme Outdoor!';
    expect(prompt).toHaveValue(filled);
    const [ava] = (await call('GET', `/chatbots/user/${DEMO_OWNER.id}`, { token: DEMO_OWNER.token })).body;
    expect(ava.prompt).toBe(filled);
  });

  it('saves a prompt that still says [Company Name] as it is when asked to', async () => {
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    const prompt = screen.getByLabelText('System prompt') as HTMLTextAreaElement;
    await user.clear(prompt);
    await user.click(prompt);
    await user.paste('You are the assistant of [Company Name].');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your prompt still says [Company Name]' });
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await within(toasts()).findByText('Settings saved')).toBeInTheDocument();
    const [ava] = (await call('GET', `/chatbots/user/${DEMO_OWNER.id}`, { token: DEMO_OWNER.token })).body;
    expect(ava.prompt).toBe('You are the assistant of [Company Name].');
  });

  it('works with chatbots that carry only the spec fields, and with fields it does not know', async () => {
    const spec = only(SPEC_CHATBOT_FIELDS);
    const withExtra = (body: unknown) =>
      Array.isArray(body) ? body.map((b) => ({ ...(spec(b) as object), tone: 'friendly' })) : spec(body);
    server.use(
      reshaped('get', '/chatbots/user/:userId', withExtra),
      reshaped('get', '/chatbots/:id', withExtra),
    );
    await openAsOwner();
    expect([...picker().options].map((o) => o.textContent)).toEqual([
      'Ava – Customer Support',
      'Leo – Sales Assistant',
      'Nova – Tech Support',
    ]);
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4.1-mini');
  });

  it('adds an uploaded file whose answer carries only the spec fields, and one it does not know', async () => {
    const spec = only(SPEC_UPLOADED_FILE_FIELDS);
    server.use(
      reshaped('post', '/upload/file-to-knowledge', (body) => ({
        ...(spec(body) as object),
        checksum: 'sha256:0f',
      })),
    );
    // The page's XMLHttpRequest (jsdom's) sends jsdom's files as multipart; the mock reads the body back with
    // Node's multipart parser, which makes the global File and wants it to be Node's.
    const file = new File(['Opening hours: 9 to 5.'], 'hours.txt', { type: 'text/plain' });
    vi.stubGlobal('File', NodeFile);
    vi.stubGlobal('Blob', NodeBlob);
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Knowledge' }));
    await user.upload(screen.getByLabelText('Knowledge files to upload'), file);
    const files = screen.getByRole('list', { name: 'Knowledge files' });
    const row = (await within(files).findByTitle('hours.txt')).closest('li') as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent(`hours.txt${file.size} B · Uploaded`));
    expect(within(row).getByRole('button', { name: 'Remove hours.txt' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('starts in new mode for an account without bots, and the test tab explains why it is empty', async () => {
    const user = userEvent.setup();
    await renderApp('/bot-settings', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 2, name: 'New chatbot' })).toBeInTheDocument();
    expect(screen.getByLabelText('Max tokens')).toHaveValue(2048);
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    expect(screen.getByText('Save the chatbot to test it')).toBeVisible();
  });

  it('saves an edit with PATCH and reloads the list; the server has it', async () => {
    const user = await openAsOwner();
    const name = screen.getByLabelText('Bot name');
    await user.clear(name);
    await user.type(name, 'Ava – Returns');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(toasts()).findByText('Settings saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ava – Returns' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    const list = await call('GET', `/chatbots/user/${DEMO_OWNER.id}`, { token: DEMO_OWNER.token });
    expect(list.body.map((b: { name: string }) => b.name)).toContain('Ava – Returns');
    expect([...picker().options].map((o) => o.textContent)).toContain('Ava – Returns');
  });

  it('a refused save opens the tab of the field at fault and focuses that field', async () => {
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    await user.clear(screen.getByLabelText('System prompt'));
    await user.click(screen.getByRole('tab', { name: 'Basic' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await within(toasts()).findByText('Prompt cannot be empty')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('System prompt')).toHaveFocus());
  });

  it('a server failure shows the settings-failed toast with its message and keeps every edit', async () => {
    server.use(http.patch(`${API}/chatbots/:id`, () => errorResponse(500, 'The model provider is down')));
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    const prompt = screen.getByLabelText('System prompt');
    await user.clear(prompt);
    await user.type(prompt, 'You are brief.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const toast = (await within(toasts()).findByText('Failed to save settings')).closest('[data-variant]');
    expect(toast).toHaveTextContent('The model provider is down');
    expect(prompt).toHaveValue('You are brief.');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('asks before a template replaces a prompt with text', async () => {
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    const prompt = screen.getByLabelText('System prompt') as HTMLTextAreaElement;
    const before = prompt.value;
    const template = await screen.findByRole('button', { name: 'Healthcare' });
    await waitFor(() => expect(template).toBeEnabled());
    await user.click(template);
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace the prompt?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(prompt.value).toBe(before);
    await user.click(template);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Replace the prompt?' })).getByRole('button', {
        name: 'Replace prompt',
      }),
    );
    expect(prompt.value).toMatch(/^You are the patient service assistant of \[Company Name\]\./);
    expect(screen.getByText('In use')).toBeInTheDocument();
  });

  it('asks before leaving for another bot with unsaved changes', async () => {
    const user = await openAsOwner();
    await user.type(screen.getByLabelText('Bot name'), ' (draft)');
    await user.selectOptions(picker(), 'Leo – Sales Assistant');
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(picker()).toHaveDisplayValue('Ava – Customer Support');
    expect(screen.getByLabelText('Bot name')).toHaveValue('Ava – Customer Support (draft)');
    await user.selectOptions(picker(), 'Leo – Sales Assistant');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).getByRole(
        'button',
        {
          name: 'Discard changes',
        },
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Leo – Sales Assistant' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Temperature')).toHaveValue('0.8');
  });

  it('asks before the sidebar takes the user away from unsaved changes', async () => {
    const user = await openAsOwner();
    await user.type(screen.getByLabelText('Bot name'), '!');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Chat history' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.pathname).toBe('/bot-settings/bot-ava');
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location.pathname).toBe('/chat-history'));
  });

  it('asks before Logout throws away unsaved changes', async () => {
    const user = await openAsOwner();
    await user.type(screen.getByLabelText('Bot name'), '!');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location.pathname).toBe('/bot-settings/bot-ava');
    expect(screen.getByLabelText('Bot name')).toHaveValue('Ava – Customer Support!');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
  });

  it('a failed test reply shows an error in the chat with a retry; the message stays', async () => {
    let failing = true;
    server.use(
      // The reply streams (GET …/stream); a 503 there is a failure, not a reason to fall back to POST.
      http.get(`${API}/chatbots/test/:id/stream`, () =>
        failing ? errorResponse(503, 'The bot is asleep') : undefined,
      ),
    );
    const user = await openAsOwner();
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Message'), 'Where is my order?{Enter}');
    const log = screen.getByRole('log', { name: 'Test conversation' });
    // The streaming helper reports a refused stream by its status text (spec section 7).
    expect(
      await within(log).findByText(/The bot could not answer\. Service Unavailable/),
    ).toBeInTheDocument();
    expect(log).toHaveTextContent('Where is my order?');
    expect(within(log).getByText('Not answered')).toBeInTheDocument();
    failing = false;
    await user.click(within(log).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText(/Let me check that for you/)).toBeInTheDocument();
    expect(within(log).queryByText('Not answered')).not.toBeInTheDocument();
    // The thread is kept per bot, for the next visit.
    const [ava] = (await call('GET', '/chatbots', { token: DEMO_OWNER.token })).body;
    expect(localStorage.getItem(`influx-test-thread-${ava.id}`)).toEqual(expect.any(String));
  });
});
