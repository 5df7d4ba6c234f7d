import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { handoffSettingsOf } from '../../../mocks/handlers/handoff';
import { resetAndSeed, server } from '../../../mocks/node';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=handoff', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

async function openHandoff() {
  const user = userEvent.setup();
  await renderApp('/bot-settings/bot-ava', { as: 'owner' });
  await user.click(await screen.findByRole('tab', { name: 'Handoff' }));
  const form = await screen.findByRole('form', { name: 'Handoff' }, { timeout: 10_000 });
  return { user, form };
}

describe('the Handoff tab (beyond the spec)', () => {
  it('adds a phrase of its own, sets the team’s hours and the pause, and saves them for the bot', async () => {
    const { user, form } = await openHandoff();
    const save = within(form).getByRole('button', { name: 'Save handoff settings' });
    expect(save).toBeDisabled();
    await user.type(
      within(form).getByRole('textbox', { name: 'Another phrase that asks for a person' }),
      'manager{Enter}',
    );
    expect(
      within(within(form).getByRole('list', { name: 'Your own phrases' })).getByText('manager'),
    ).toBeInTheDocument();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'When the bot had no answer this many times in a row' }),
      '3',
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'The bot pauses in that conversation for' }),
      '2 hours',
    );
    await user.click(
      within(form).getByRole('checkbox', {
        name: 'Tell customers when the team is back, outside opening hours',
      }),
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Time zone' }), 'Asia/Hong_Kong');
    // Saturday opens too, until one.
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    const close = within(form).getByLabelText('Saturday closes at');
    await user.clear(close);
    await user.type(close, '13:00');
    await user.click(save);
    expect(await screen.findByText('Handoff settings saved')).toBeInTheDocument();
    expect(handoffSettingsOf('bot-ava')).toMatchObject({
      phrases: ['manager'],
      noAnswerLimit: 3,
      defaultPauseMinutes: 120,
      hours: { enabled: true, timeZone: 'Asia/Hong_Kong' },
    });
    expect(handoffSettingsOf('bot-ava').hours.week[6]).toEqual({ open: '09:00', close: '13:00' });
    expect(save).toBeDisabled();
  });

  it('keeps what was typed when a save fails, and says why', async () => {
    server.use(
      http.put('*/api/v1/chatbots/:id/handoff', () =>
        HttpResponse.json({ statusCode: 500, message: 'Server down' }, { status: 500 }),
      ),
    );
    const { user, form } = await openHandoff();
    const english = within(form).getByRole('textbox', { name: 'English' });
    await user.type(english, 'Mei will answer you shortly.');
    await user.click(within(form).getByRole('button', { name: 'Save handoff settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Server down');
    expect(english).toHaveValue('Mei will answer you shortly.');
    await user.click(within(form).getByRole('button', { name: 'Discard changes' }));
    expect(english).toHaveValue('');
  });

  it('on a server without the calls, says so once and quietly', async () => {
    server.use(http.get('*/api/v1/chatbots/:id/handoff', () => new HttpResponse(null, { status: 404 })));
    const user = userEvent.setup();
    await renderApp('/bot-settings/bot-ava', { as: 'owner' });
    await user.click(await screen.findByRole('tab', { name: 'Handoff' }));
    expect(
      await screen.findByText(
        'This server does not offer handoff settings: the bot answers every conversation.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
