import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { Handling } from '../../api/schemas/handling';
import {
  conversationHandlingMachine,
  pauseLeftMs,
} from '../../machines/chatHistory/handling/conversationHandling.machine';
import { useRegisterFlow } from '../../machines/useFlow';
import { PAUSE_OPTIONS, pauseOf, pauseValue } from '../handoff/pauses';
import { Alert } from '../ui/Alert';
import { useHandlingNotOffered } from '../ui/appActors';
import { Button } from '../ui/Button';
import { Badge, NotOffered } from '../ui/Feedback';
import { useText } from '../ui/text';
import { ChatHistoryContext } from './context';
import { ReplySuggestions, useReplySuggestions, useSavedReplies } from './SavedReplies';

// Managing the saved replies is a dialog of its own: its code loads when it is first opened.
const SavedRepliesDialog = lazy(() => import('./SavedRepliesDialog'));

type HandlingActor = ActorRefFrom<typeof conversationHandlingMachine>;

const REASONS: Record<string, MessageDescriptor> = {
  askedForPerson: msg`asked for a person`,
  noAnswer: msg`the bot had no answer`,
  negativeMood: msg`the customer is unhappy`,
  outsideHours: msg`outside business hours`,
  takenOver: msg`taken over`,
  phoneReply: msg`replied from the phone`,
  other: msg`another reason`,
};

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  select {
    min-height: 32px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    padding: 0 ${({ theme }) => theme.space(2)};
  }
`;

const Reply = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  textarea {
    width: 100%;
    min-height: 72px;
    resize: vertical;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    padding: ${({ theme }) => theme.space(2)};
    font: inherit;
  }
`;

/** A list row's mark, before its preview: one line, whatever the list's width. */
const Mark = styled(Badge)`
  white-space: nowrap;
  margin-inline-end: ${({ theme }) => theme.space(1.5)};
  vertical-align: 1px;
`;

/** The pause a take-over offers first: the one the server says the conversation's bot has set. */
function defaultPause(handling: Handling): string {
  const minutes = handling.by === 'person' ? undefined : handling.pauseMinutes;
  return pauseValue(minutes === undefined ? 120 : minutes);
}

/** h:mm:ss of a pause left (the header's countdown). */
export function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** This device's time, every second while `ticking` (a countdown shown). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

function Who({ handling }: { handling: Handling }) {
  const { i18n } = useLingui();
  const ticking = handling.by === 'person' && handling.until !== null;
  const counted = pauseLeftMs(handling, useNow(ticking));
  // Never more than the pause chosen: the server's clock may be a moment ahead of this device's.
  const length =
    handling.by === 'person' && handling.until !== null
      ? Date.parse(handling.until) - Date.parse(handling.since)
      : null;
  const left = counted === null || length === null ? counted : Math.min(counted, length);
  if (handling.by === 'bot') return <Badge $tone="neutral">{i18n._(msg`The bot replies`)}</Badge>;
  if (handling.by === 'waiting') {
    const reason = i18n._(REASONS[handling.reason] ?? (REASONS.other as MessageDescriptor));
    return <Badge $tone="warning">{i18n._(msg`Needs a person: ${reason}`)}</Badge>;
  }
  const name = handling.name ?? '';
  return (
    <>
      <Badge $tone="primary">
        {name
          ? i18n._(msg`${name} is replying`)
          : handling.reason === 'phoneReply'
            ? i18n._(msg`Replied from the phone`)
            : i18n._(msg`A person is replying`)}
      </Badge>
      <span>
        {left === null ? <Trans>Until handed back</Trans> : <Trans>Bot resumes in {formatLeft(left)}</Trans>}
      </span>
    </>
  );
}

/** In the list: a mark on a conversation that waits for a person, or that a person handles (the bot's: none). */
export function HandlerMark({ handling }: { handling: Handling | undefined }) {
  const { i18n } = useLingui();
  if (!handling || handling.by === 'bot') return null;
  if (handling.by === 'waiting') return <Mark $tone="warning">{i18n._(msg`Needs a person`)}</Mark>;
  return <Mark $tone="primary">{i18n._(msg`A person replies`)}</Mark>;
}

/** Who handles the open conversation, taking it over and handing it back, and a person's reply. */
function HandlingControls({ handler }: { handler: HandlingActor }) {
  useRegisterFlow('conversationHandling', handler, conversationHandlingMachine);
  const { t, i18n } = useLingui();
  const text = useText();
  const view = useSelector(
    handler,
    (s) => ({
      handling: s.context.handling,
      draft: s.context.draft,
      error: s.context.error,
      person: s.hasTag('person'),
      busy: s.hasTag('busy'),
      sending: s.hasTag('sending'),
      sendFailed: s.hasTag('sendFailed'),
      sent: s.hasTag('sent'),
      notOffered: s.hasTag('notOffered'),
      canSend: s.can({ type: 'reply.send' }),
    }),
    shallowEqual,
  );
  const countNotOffered = useHandlingNotOffered();
  // The bot's default pause, when the server tells it; else two hours.
  const [pause, setPause] = useState(() => defaultPause(view.handling));
  const takeOver = () => {
    const minutes = pauseOf(pause);
    if (minutes !== undefined) handler.send({ type: 'takeOver', minutes });
  };
  const saved = useSavedReplies();
  const [managing, setManaging] = useState(false);
  const suggestions = useReplySuggestions(view.draft, saved.replies, (text) =>
    handler.send({ type: 'reply.changed', text }),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || suggestions.onKeyDown(event)) return;
    // Enter sends; Shift+Enter starts a new line (and composing an IME word never sends).
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    if (view.canSend) handler.send({ type: 'reply.send' });
  };

  // Said at once when the server has no count of waiting conversations: it does not know who handles them.
  if (view.notOffered || countNotOffered) {
    return (
      <NotOffered>
        <Trans>This server does not offer taking conversations over from the bot.</Trans>
      </NotOffered>
    );
  }
  return (
    <section aria-label={t`Who replies`}>
      <Bar>
        <Who handling={view.handling} />
        {view.person ? (
          <Button size="sm" onClick={() => handler.send({ type: 'handBack' })} disabled={view.busy}>
            <Trans>Hand back to the bot</Trans>
          </Button>
        ) : (
          <>
            <select
              aria-label={t`Pause the bot for`}
              value={pause}
              onChange={(e) => setPause(e.target.value)}
            >
              {PAUSE_OPTIONS.map((p) => (
                <option key={p.value} value={p.value}>
                  {i18n._(p.label)}
                </option>
              ))}
            </select>
            <Button size="sm" variant="primary" onClick={takeOver} disabled={view.busy}>
              <Trans>Take over</Trans>
            </Button>
          </>
        )}
      </Bar>
      {view.error && !view.sendFailed && <Alert>{text(view.error)}</Alert>}
      <Reply
        onSubmit={(event) => {
          event.preventDefault();
          if (view.person) handler.send({ type: 'reply.send' });
          else takeOver();
        }}
      >
        <textarea
          aria-label={t`Reply`}
          placeholder={
            saved.actor
              ? t`Write a reply, or “/” for a saved one. Enter sends, Shift+Enter starts a new line.`
              : t`Write a reply. Enter sends, Shift+Enter starts a new line.`
          }
          value={view.draft}
          onChange={(e) => handler.send({ type: 'reply.changed', text: e.target.value })}
          onKeyDown={onKeyDown}
          readOnly={view.sending}
        />
        {suggestions.matches.length > 0 && (
          <ReplySuggestions
            matches={suggestions.matches}
            active={suggestions.marked}
            onPick={suggestions.pick}
          />
        )}
        {view.sendFailed && view.error && (
          <Alert>
            <Trans>Your reply was not sent: {text(view.error)}</Trans>
          </Alert>
        )}
        <Bar>
          {view.person ? (
            <>
              <Button type="submit" variant="primary" size="sm" disabled={!view.canSend}>
                {view.sending ? (
                  <Trans>Sending…</Trans>
                ) : view.sendFailed ? (
                  <Trans>Retry</Trans>
                ) : (
                  <Trans>Send</Trans>
                )}
              </Button>
              <span role="status">{view.sent && <Trans>Sent</Trans>}</span>
            </>
          ) : (
            view.draft.trim() !== '' && (
              <Button type="submit" size="sm" disabled={view.busy}>
                <Trans>Take over to send</Trans>
              </Button>
            )
          )}
          {saved.actor && (
            <Button size="sm" variant="ghost" onClick={() => setManaging(true)}>
              <Trans>Saved replies</Trans>
            </Button>
          )}
        </Bar>
      </Reply>
      {saved.actor && managing && (
        <Suspense fallback={null}>
          <SavedRepliesDialog actor={saved.actor} open={managing} onClose={() => setManaging(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The open conversation's handling, when its flow runs (a conversation is open). */
export function HandlingBar() {
  const handler = ChatHistoryContext.useSelector(
    (s) => s.children.conversationHandling as HandlingActor | undefined,
  );
  return handler ? <HandlingControls handler={handler} /> : null;
}
