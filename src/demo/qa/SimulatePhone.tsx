import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type BotTurn,
  botTakesTurn,
  conversationFor,
  phoneReplies,
  QA_CUSTOMER_ASKS,
  QA_CUSTOMER_WRITES,
  QA_PHONE_REPLY,
} from '../../../mocks/customers';
import { db } from '../../../mocks/db';
import { givenInstanceStatus, givenLiveMessage, type InstanceStatusName } from '../../../mocks/handlers/live';
import { DEMO_LINE } from '../../../mocks/seed';
import { PATHS } from '../../machines/paths';
import { Button } from '../../views/ui/Button';
import { segmentBelow } from '../../views/ui/useAddressSync';

/**
 * What the WhatsApp engine would report about the demo's main line: its phone connects or drops. The live
 * stream tells the app, which raises its toast and updates the dashboard (QA tools only, never in the app).
 */
const lineName = DEMO_LINE.instanceName;

/** The bot's turn comes a moment after the customer's message, as it does live. */
const BOT_TURN_MS = 1500;

type Said = InstanceStatusName | 'asked' | 'wrote' | 'phoneReplied' | 'noConversation';

const ownerOfLine = () => db.instances.findFirst((q) => q.where((i) => i.id === DEMO_LINE.id))?.ownerId;

export function SimulatePhone() {
  const [said, setSaid] = useState<Said | null>(null);
  // What the bot did on its turn after the customer wrote (QA sees why it said nothing).
  const [turn, setTurn] = useState<BotTurn | null>(null);
  const report = (status: InstanceStatusName) =>
    void givenInstanceStatus(DEMO_LINE.id, status).then((known) => setSaid(known ? status : null));
  // In the open conversation (else the newest): a customer asks for a person, or the owner answers from the
  // phone, which pauses the bot there.
  const inConversation = (act: (ownerId: string, sessionId: string) => Promise<Said>) => {
    const ownerId = ownerOfLine();
    const sessionId = ownerId ? conversationFor(ownerId, segmentBelow(PATHS.chatHistory)) : undefined;
    if (!ownerId || !sessionId) return setSaid('noConversation');
    void act(ownerId, sessionId).then(setSaid);
  };
  const customerSays = (content: string, said: Said) =>
    inConversation(async (ownerId, sessionId) => {
      setTurn(null);
      await givenLiveMessage(ownerId, { sessionId, content });
      setTimeout(() => void botTakesTurn(ownerId, sessionId).then(setTurn), BOT_TURN_MS);
      return said;
    });
  const phoneReply = () =>
    inConversation(async (ownerId, sessionId) => {
      await phoneReplies(ownerId, sessionId, QA_PHONE_REPLY);
      return 'phoneReplied';
    });
  return (
    <section aria-labelledby="qa-phone-title">
      <h3 id="qa-phone-title">
        <Trans>Phone of {lineName}</Trans>
      </h3>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button size="sm" onClick={() => report('online')}>
          <Trans>Connects</Trans>
        </Button>
        <Button size="sm" onClick={() => report('offline')}>
          <Trans>Drops offline</Trans>
        </Button>
        <Button size="sm" onClick={() => customerSays(QA_CUSTOMER_WRITES, 'wrote')}>
          <Trans>Customer writes</Trans>
        </Button>
        <Button size="sm" onClick={() => customerSays(QA_CUSTOMER_ASKS, 'asked')}>
          <Trans>Customer asks for a person</Trans>
        </Button>
        <Button size="sm" onClick={phoneReply}>
          <Trans>Reply from the phone</Trans>
        </Button>
      </div>
      {/* Polite, without the status role: the panel's own status line stays the one status. */}
      <p aria-live="polite">
        {said === 'online' && <Trans>Reported online.</Trans>}
        {said === 'offline' && <Trans>Reported offline.</Trans>}
        {said === 'asked' && (
          <Trans>The customer asked for a person in the open (or newest) conversation.</Trans>
        )}
        {said === 'phoneReplied' && <Trans>The phone replied in the open (or newest) conversation.</Trans>}
        {said === 'noConversation' && <Trans>There is no conversation to write in.</Trans>}
        {turn === 'answered' && (
          <>
            {' '}
            <Trans>The bot answered.</Trans>
          </>
        )}
        {turn === 'handedOff' && (
          <>
            {' '}
            <Trans>The bot handed the conversation to the team.</Trans>
          </>
        )}
        {turn === 'quiet' && (
          <>
            {' '}
            <Trans>The bot kept quiet: a person has the conversation, or it waits for one.</Trans>
          </>
        )}
      </p>
    </section>
  );
}
