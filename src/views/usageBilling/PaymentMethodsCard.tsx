import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { CardBrand, PaymentMethod } from '../../api/schemas/paymentMethods';
import {
  type PaymentMethodsAction,
  type paymentMethodsMachine,
  paymentMethodsMessages,
  removalLocked,
} from '../../machines/usageBilling/paymentMethods/paymentMethods.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Badge, EmptyState, ErrorPanel, NotOffered, PanelLoading } from '../ui/Feedback';
import { PlainList } from '../ui/PlainList';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';

export type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  /* Its row grows with the billing details' form beside it: the content stays at the top, not spread out. */
  align-content: start;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  &:first-child { border-top: 0; padding-top: 0; }
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Identity = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

const Name = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Digits = styled.span`
  font-variant-numeric: tabular-nums;
  letter-spacing: 0.04em;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
`;

const Note = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const BRAND_NAMES: Record<Exclude<CardBrand, 'card'>, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

/** "Visa ending in 4242", the name a card goes by in buttons and questions. */
function useCardName() {
  const { t } = useLingui();
  return (card: PaymentMethod) => {
    const brand = card.brand === 'card' ? t`Card` : BRAND_NAMES[card.brand];
    const last4 = card.last4;
    return t`${brand} ending in ${last4}`;
  };
}

function Expiry({ card }: { card: PaymentMethod }) {
  if (card.expMonth === null || card.expYear === null) return <Trans>Expiry unknown</Trans>;
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return <Trans>Expires {expiry}</Trans>;
}

function Failure({ action, reason }: { action: PaymentMethodsAction; reason: string }) {
  if (action === 'remove') return <Trans>The card could not be removed: {reason}</Trans>;
  if (action === 'default') return <Trans>The default card could not be changed: {reason}</Trans>;
  return <Trans>The page to add a card could not be opened: {reason}</Trans>;
}

/**
 * Payment methods (issue 18, point 3): the saved cards, the default one marked; Make default, Remove (asked
 * first; the last card is kept while a paid plan is active, and the row says why), and Add card, which goes
 * to the payment provider's page. The machine decides what can be done; this only shows it.
 */
export function PaymentMethodsCard({ paymentMethods }: { paymentMethods: PaymentMethodsRef }) {
  const { t } = useLingui();
  const text = useText();
  const cardName = useCardName();
  const snap = useSelector(paymentMethods, (s) => s);
  const { methods, failure, targetId, loadError } = snap.context;
  const loading = snap.hasTag('loading');
  const failed = snap.hasTag('failed');
  const busy = snap.hasTag('busy');
  const starting = snap.hasTag('startingSetup');
  const target = methods.find((m) => m.id === targetId) ?? null;
  const targetName = target ? cardName(target) : '';
  const send = paymentMethods.send;

  return (
    <Body aria-labelledby="payment-methods-title" aria-busy={loading || busy}>
      <SpreadRow>
        <CardTitle id="payment-methods-title">
          <Trans>Payment methods</Trans>
        </CardTitle>
        {snap.matches('ready') && (
          <Button
            size="sm"
            variant="primary"
            disabled={busy || !snap.can({ type: 'card.addRequested' })}
            onClick={() => send({ type: 'card.addRequested' })}
          >
            {starting && <Spinner />}
            <Trans>Add card</Trans>
          </Button>
        )}
      </SpreadRow>
      {loading && (
        <PanelLoading>
          <Trans>Loading your cards…</Trans>
        </PanelLoading>
      )}
      {failed && (
        <ErrorPanel
          title={<Trans>Your cards could not be loaded</Trans>}
          message={loadError ? text(loadError) : undefined}
          onRetry={() => send({ type: 'methods.retry' })}
        />
      )}
      {snap.hasTag('notOffered') && (
        <NotOffered>
          <Trans>This server does not keep cards on file. The checkout asks for a card when you pay.</Trans>
        </NotOffered>
      )}
      {snap.matches('ready') && methods.length === 0 && (
        <EmptyState title={<Trans>No cards saved</Trans>}>
          <Trans>Add a card to pay for your plan. Cards are kept by our payment provider, not by us.</Trans>
        </EmptyState>
      )}
      {snap.matches('ready') && methods.length > 0 && (
        <PlainList>
          {methods.map((card) => {
            const name = cardName(card);
            const locked = removalLocked(snap.context, card.id);
            const noteId = `payment-method-${card.id}-note`;
            const makingThis = snap.hasTag('makingDefault') && targetId === card.id;
            return (
              <Row key={card.id} data-testid="payment-method">
                <Identity>
                  <Name>
                    <span>{card.brand === 'card' ? <Trans>Card</Trans> : BRAND_NAMES[card.brand]}</span>
                    <Digits aria-label={name}>•••• {card.last4}</Digits>
                    {card.isDefault && (
                      <Badge $tone="primary">
                        <Trans>Default</Trans>
                      </Badge>
                    )}
                  </Name>
                  <Muted>
                    <Expiry card={card} />
                    {card.holderName ? ` · ${card.holderName}` : ''}
                  </Muted>
                </Identity>
                <Actions>
                  {!card.isDefault && (
                    <Button
                      size="sm"
                      aria-label={t`Make default: ${name}`}
                      disabled={busy || !snap.can({ type: 'method.defaultRequested', id: card.id })}
                      onClick={() => send({ type: 'method.defaultRequested', id: card.id })}
                    >
                      {makingThis && <Spinner />}
                      <Trans>Make default</Trans>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t`Remove: ${name}`}
                    disabled={busy || !snap.can({ type: 'method.removeRequested', id: card.id })}
                    aria-describedby={locked ? noteId : undefined}
                    onClick={() => send({ type: 'method.removeRequested', id: card.id })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Actions>
                {locked && <Note id={noteId}>{text(paymentMethodsMessages.lastCardLocked)}</Note>}
              </Row>
            );
          })}
        </PlainList>
      )}
      {failure && (
        <Alert>
          <Failure action={failure.action} reason={text(failure.reason)} />
        </Alert>
      )}
      <ConfirmDialog
        open={snap.hasTag('confirming')}
        title={<Trans>Remove this card?</Trans>}
        description={
          <Trans>{targetName} will no longer be charged for your plan. This cannot be undone.</Trans>
        }
        confirmLabel={<Trans>Remove card</Trans>}
        busy={snap.hasTag('removing')}
        onConfirm={() => send({ type: 'removal.confirmed' })}
        onCancel={() => send({ type: 'removal.cancelled' })}
      />
    </Body>
  );
}
