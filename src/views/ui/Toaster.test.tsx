import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { activateLocale, i18n } from '../../i18n/i18n';
import { toastsMachine } from '../../machines/root/toasts/toasts.machine';
import { Toaster } from './Toaster';

beforeAll(() => activateLocale('en', { persist: false }));

function setup() {
  const actor = createActor(toastsMachine).start();
  // biome-ignore lint/correctness/noComponentHookFactories: one Host per test, rendered once
  function Host() {
    const toasts = useSelector(actor, (s) => s.context.toasts);
    return <Toaster toasts={toasts} />;
  }
  render(
    <I18nProvider i18n={i18n}>
      <Host />
    </I18nProvider>,
  );
  return actor;
}

describe('Toaster', () => {
  it('announces errors as alerts and other toasts politely in the notifications region', () => {
    const actor = setup();
    act(() => {
      actor.send({ type: 'toast.add', toast: { variant: 'success', title: msg`Settings saved` } });
      actor.send({
        type: 'toast.add',
        toast: { variant: 'destructive', title: 'Load failed', description: 'Server said no' },
      });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toHaveTextContent('Load failedServer said no');
    expect(region).toHaveTextContent('Settings saved');
  });

  it('shows server text as text, never as markup', () => {
    const actor = setup();
    act(() =>
      actor.send({ type: 'toast.add', toast: { variant: 'error', title: '<img src=x onerror=alert(1)>' } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });

  it('is dismissed with its button or with Escape, by keyboard', async () => {
    const u = userEvent.setup();
    const actor = setup();
    act(() => {
      actor.send({ type: 'toast.add', toast: { variant: 'info', title: 'First', duration: 0 } });
      actor.send({ type: 'toast.add', toast: { variant: 'info', title: 'Second', duration: 0 } });
    });
    const [dismissSecond] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    dismissSecond?.focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Second')).toBeNull());
    screen.getByRole('button', { name: 'Dismiss notification' }).focus();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('First')).toBeNull());
  });
});
