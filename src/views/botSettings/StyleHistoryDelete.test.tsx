import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../../mocks/handlers/common';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_BOTS, DEMO_LINE } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/bot-settings?tab=prompt', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

async function openAva() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  expect(await screen.findByRole('heading', { level: 2, name: DEMO_BOTS.ava.name })).toBeInTheDocument();
  return user;
}
const save = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByText('Settings saved')).toBeInTheDocument();
};

describe('bot settings: style', () => {
  it('saves the style with the bot, and a reload shows what was saved', async () => {
    const user = await openAva();
    await user.click(screen.getByRole('tab', { name: 'Style' }));
    expect(screen.getByLabelText('Tone')).toHaveValue('professional');
    await user.selectOptions(screen.getByLabelText('Tone'), 'friendly');
    await user.selectOptions(screen.getByLabelText('Preferred language'), 'zh');
    await user.click(screen.getByRole('radio', { name: 'Detailed' }));
    await user.click(screen.getByRole('checkbox', { name: 'Use emoji' }));
    await user.type(screen.getByLabelText('Welcome message'), 'Welcome to Brightside!');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await save(user);
    cleanup();

    const again = await openAva();
    await again.click(screen.getByRole('tab', { name: 'Style' }));
    expect(screen.getByLabelText('Tone')).toHaveValue('friendly');
    expect(screen.getByLabelText('Preferred language')).toHaveValue('zh');
    expect(screen.getByRole('radio', { name: 'Detailed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Use emoji' })).toBeChecked();
    expect(screen.getByLabelText('Welcome message')).toHaveValue('Welcome to Brightside!');
  });

  it('turning the welcome off disables its text, which is kept', async () => {
    const user = await openAva();
    await user.click(screen.getByRole('tab', { name: 'Style' }));
    await user.type(screen.getByLabelText('Welcome message'), 'Hi!');
    await user.click(
      screen.getByRole('checkbox', { name: 'Greet new conversations with a welcome message' }),
    );
    expect(screen.getByLabelText('Welcome message')).toBeDisabled();
    expect(screen.getByLabelText('Welcome message')).toHaveValue('Hi!');
  });
});

describe('bot settings: prompt history', () => {
  it('lists the versions, shows a line diff against the editor, and restores one unsaved until Save', async () => {
    const user = await openAva();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    await user.click(screen.getByRole('button', { name: 'Prompt history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompt history' });
    const versions = within(dialog).getByRole('list', { name: 'Versions' });
    expect(
      within(versions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Saved, in use'), expect.stringContaining('Initial prompt')]);
    // The initial prompt is chosen first (the one in use is the editor's text): its lines against the editor.
    const diff = within(dialog).getByLabelText('Differences from the text in the editor');
    const removed = [...diff.querySelectorAll('del')].map((line) => line.textContent).join('\n');
    expect(removed).toContain('Answer questions about orders, shipping and returns.');
    expect(diff.querySelectorAll('ins').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Put this version in the editor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('System prompt')).toHaveValue(DEMO_BOTS.ava.firstPrompt);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await save(user);

    await user.click(screen.getByRole('button', { name: 'Prompt history' }));
    const after = await screen.findByRole('dialog', { name: 'Prompt history' });
    expect(within(after).getAllByRole('listitem')).toHaveLength(3);
    expect(within(after).getAllByRole('listitem')[1]?.textContent).toContain('Before the last save');
  });

  it.each([404, 405, 501])(
    'opens from a server that keeps no history (%i): the prompt as opened, and a quiet note',
    async (status) => {
      server.use(http.get(`${API}/chatbots/:id/prompt-versions`, () => new HttpResponse(null, { status })));
      const user = await openAva();
      await user.click(screen.getByRole('tab', { name: 'Prompt' }));
      await user.click(screen.getByRole('button', { name: 'Prompt history' }));
      const dialog = await screen.findByRole('dialog', { name: 'Prompt history' });
      expect(within(dialog).getByText(/This server does not keep older versions/)).toBeInTheDocument();
      expect(within(dialog).queryByText(/could not be loaded/)).toBeNull();
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    },
  );

  it('opens when the history fails to load: the prompt as opened, and says older versions may be missing', async () => {
    server.use(
      http.get(`${API}/chatbots/:id/prompt-versions`, () =>
        HttpResponse.json({ statusCode: 500, message: 'Internal server error' }, { status: 500 }),
      ),
    );
    const user = await openAva();
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    await user.click(screen.getByRole('button', { name: 'Prompt history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompt history' });
    expect(within(dialog).getByText(/Older versions could not be loaded/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('bot settings: delete', () => {
  it('names the numbers that use the bot, deletes it, and New comes back', async () => {
    const user = await openAva();
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    const question = await screen.findByRole('alertdialog', { name: `Delete ${DEMO_BOTS.ava.name}?` });
    expect(await within(question).findByText(DEMO_LINE.instanceName)).toBeInTheDocument();
    expect(
      within(question).getByText(/stop answering customers until you link another chatbot/),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Delete chatbot' }));
    expect(await screen.findByText('Chatbot deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: DEMO_BOTS.leo.name })).toBeInTheDocument();
    const picker = screen.getByLabelText('Chatbot') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).not.toContain(DEMO_BOTS.ava.name);
    expect([...picker.options].some((o) => /New/.test(o.textContent ?? ''))).toBe(true);
  });

  it('a failed delete keeps the question open with the reason', async () => {
    server.use(
      http.delete(`${API}/chatbots/:id`, () =>
        HttpResponse.json(
          { statusCode: 500, message: 'Database unavailable', code: 'INTERNAL' },
          { status: 500 },
        ),
      ),
    );
    const user = await openAva();
    await user.click(screen.getByRole('button', { name: 'Delete chatbot' }));
    const question = await screen.findByRole('alertdialog');
    await within(question).findByText(DEMO_LINE.instanceName);
    await user.click(within(question).getByRole('button', { name: 'Delete chatbot' }));
    expect(await within(question).findByText(/The chatbot was not deleted/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: DEMO_BOTS.ava.name })).toBeInTheDocument();
  });
});
