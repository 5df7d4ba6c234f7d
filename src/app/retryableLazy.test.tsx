import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../i18n/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { retryableLazy } from './retryableLazy';

beforeAll(() => activateLocale('en', { persist: false }));

describe('retryableLazy', () => {
  it('loads a chunk again on "Try again" after its first load failed', async () => {
    let online = false;
    const Screen = retryableLazy(async () => {
      if (!online) throw new Error('Failed to fetch dynamically imported module');
      return { default: ({ name }: { name: string }) => <p>Hello {name}</p> };
    });
    render(
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Screen name="Ava" />
          </Suspense>
        </ErrorBoundary>
      </I18nProvider>,
    );
    expect(await screen.findByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    // The connection is back: React's lazy() would still hold the first failure.
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ava')).toBeInTheDocument();
  });
});
