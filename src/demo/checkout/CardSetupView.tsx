import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { secret } from '../../machines/botSettings/database/secret';
import { PATHS } from '../../machines/paths';
import { Alert } from '../../views/ui/Alert';
import { Button } from '../../views/ui/Button';
import { Muted } from '../../views/ui/Card';
import { PanelLoading } from '../../views/ui/Feedback';
import { TextField } from '../../views/ui/Field';
import { Spinner } from '../../views/ui/Spinner';
import { useText } from '../../views/ui/text';
import type { CardField } from './cardForm';
import { cardSetupMachine } from './cardSetup.machine';
import { Banner, Merchant, Page, Single as Sheet } from './providerPage';
import { usePageFlow } from './usePageFlow';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Two = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * Demo only: the payment provider's page for adding a card. It checks the card and hands over only its brand,
 * last four digits, expiry and holder; the number and the CVC stay in their inputs and in the form machine as
 * Secrets. Then it returns to Usage and billing, as the provider's return URL would.
 */
export function CardSetupView() {
  const text = useText();
  const { actor, send, view } = usePageFlow('cardSetup', cardSetupMachine, 'setup_session', (s) => ({
    alreadyCompleted: s.matches('alreadyCompleted'),
    form: s.context.form,
    errors: s.context.errors,
    failure: s.context.failure,
    busy: s.hasTag('busy'),
    saving: s.hasTag('saving'),
    cancelling: s.hasTag('cancelling'),
  }));
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const subscription = actor.on('form.refused', ({ field }) => {
      form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const banner = (
    <Banner $narrow>
      <Trans>Demo payment provider: cards are checked here and never charged.</Trans>
    </Banner>
  );

  if (view.loading) {
    return (
      <Page>
        <h1 className="visually-hidden">
          <Trans>Add a card</Trans>
        </h1>
        <PanelLoading />
      </Page>
    );
  }

  if (view.unknown || view.alreadyCompleted) {
    return (
      <Page>
        {banner}
        <Sheet>
          <h1>
            {view.alreadyCompleted ? (
              <Trans>This card is already saved</Trans>
            ) : (
              <Trans>This page to add a card is no longer available</Trans>
            )}
          </h1>
          <Muted>
            <Trans>Start again from Usage and billing if you want to add another card.</Trans>
          </Muted>
          <Button as={Link} href={PATHS.usageBilling} variant="primary">
            <Trans>Back to billing</Trans>
          </Button>
        </Sheet>
      </Page>
    );
  }

  const { busy, errors, failure } = view;
  const reason = failure ? text(failure) : '';
  const field = (name: CardField) => ({
    'data-field': name,
    invalid: Boolean(errors[name]),
    disabled: busy,
  });
  const hint = (name: CardField) => {
    const error = errors[name];
    return error ? text(error) : undefined;
  };

  return (
    <Page>
      {banner}
      <Sheet aria-busy={busy}>
        <Merchant>Influx</Merchant>
        <h1>
          <Trans>Add a card</Trans>
        </h1>
        <Muted>
          <Trans>
            The card is kept by the payment provider; Influx sees only its brand, last four digits and expiry.
          </Trans>
        </Muted>
        <Form
          ref={form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'card.submitted' });
          }}
        >
          <TextField
            label={<Trans>Card number</Trans>}
            hint={hint('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            defaultValue=""
            onChange={(e) => send({ type: 'field.changed', field: 'number', value: secret(e.target.value) })}
            {...field('number')}
          />
          <Two>
            <TextField
              label={<Trans>Expiry (MM/YY)</Trans>}
              hint={hint('expiry')}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={view.form.expiry}
              onChange={(e) => send({ type: 'field.changed', field: 'expiry', value: e.target.value })}
              {...field('expiry')}
            />
            <TextField
              label={<Trans>Security code (CVC)</Trans>}
              hint={hint('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              defaultValue=""
              onChange={(e) => send({ type: 'field.changed', field: 'cvc', value: secret(e.target.value) })}
              {...field('cvc')}
            />
          </Two>
          <TextField
            label={<Trans>Name on card</Trans>}
            hint={hint('holder')}
            autoComplete="cc-name"
            value={view.form.holder}
            onChange={(e) => send({ type: 'field.changed', field: 'holder', value: e.target.value })}
            {...field('holder')}
          />
          {failure && (
            <Alert>
              <Trans>The card was not saved: {reason}</Trans>
            </Alert>
          )}
          <Button type="submit" variant="primary" block disabled={busy}>
            {view.saving && <Spinner />}
            <Trans>Save card</Trans>
          </Button>
          <Button variant="ghost" block disabled={busy} onClick={() => send({ type: 'setup.cancelled' })}>
            {view.cancelling && <Spinner />}
            <Trans>Cancel and return to Influx</Trans>
          </Button>
        </Form>
      </Sheet>
    </Page>
  );
}
