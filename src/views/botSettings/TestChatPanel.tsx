import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { memo, Suspense, useEffect, useId, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { TEST_MESSAGE_MAX_LENGTH } from '../../api/schemas/testChat';
import { hasUnsavedChanges } from '../../machines/botSettings/botEditor.machine';
import { type ChatLine, testChatMachine } from '../../machines/botSettings/testChat/testChat.machine';
import { TEST_CHAT_HEIGHT_PX } from '../../machines/constants';
import { useRegisterFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { Cluster, SpreadRow } from '../ui/Cluster';
import { EmptyState } from '../ui/Feedback';
import { Label } from '../ui/Field';
import { RefreshIcon } from '../ui/icons';
import { useText } from '../ui/text';
import { useEditor } from './context';
import { lazyKnowledge } from './knowledge/lazyKnowledge';
import { ReplyText, useReplyFigures } from './testChatParts';

// Beyond the spec, and only for a reply that names its passages: its code and texts load with the first one.
const ReplySources = lazyKnowledge(() => import('./knowledge/retrieval/ReplySources'));

/** From this many characters on, the input shows how many it has of the most it may have. */
const COUNTER_FROM = Math.round(TEST_MESSAGE_MAX_LENGTH * 0.8);

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
`;

const Log = styled.div`
  height: ${TEST_CHAT_HEIGHT_PX}px;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const Bubble = styled.div<{ $mine: boolean; $failed?: boolean }>`
  max-width: 80%;
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $mine }) => ($mine ? theme.color.primarySoft : theme.color.surface)};
  border: 1px solid ${({ theme, $failed }) => ($failed ? theme.color.danger : theme.color.border)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  small {
    display: block;
    margin-top: ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
    white-space: normal;
  }
`;

const blink = keyframes`0%, 80%, 100% { opacity: 0.25; } 40% { opacity: 1; }`;

const Typing = styled.div`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  i {
    display: inline-block;
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: currentColor;
    animation: ${blink} 1.2s infinite;
  }
  i:nth-child(2) { animation-delay: 0.2s; }
  i:nth-child(3) { animation-delay: 0.4s; }
  @media (prefers-reduced-motion: reduce) {
    i { animation: none; }
  }
`;

const Composer = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
  textarea {
    display: block;
    width: 100%;
    min-height: 40px;
    max-height: 140px;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.borderStrong};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Counter = styled.span<{ $over: boolean }>`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme, $over }) => ($over ? theme.color.danger : theme.color.textMuted)};
  font-variant-numeric: tabular-nums;
`;

/** One line of the chat; memoised, so a new token re-renders only the reply it belongs to. */
const Line = memo(function Line({ line, botName }: { line: ChatLine; botName: string }) {
  const { t } = useLingui();
  const figures = useReplyFigures();
  const mine = line.role === 'user';
  return (
    <Bubble
      $mine={mine}
      $failed={line.failed || line.reply === 'interrupted'}
      aria-busy={line.reply === 'streaming' || undefined}
    >
      <span className="visually-hidden">{mine ? t`You:` : t`${botName}:`}</span>
      {mine ? line.text : <ReplyText text={line.text} />}
      {line.failed && <small>{t`Not answered`}</small>}
      {line.reply === 'stopped' && (
        <small>{line.text === '' ? t`Stopped before the reply began` : t`Stopped`}</small>
      )}
      {line.reply === 'interrupted' && <small>{t`Interrupted: only part of the reply arrived`}</small>}
      {line.reply === 'done' && line.stats && <small>{figures(line.stats)}</small>}
      {line.reply === 'done' && line.passages && line.passages.length > 0 && (
        <Suspense fallback={null}>
          <ReplySources passages={line.passages} />
        </Suspense>
      )}
    </Bubble>
  );
});

/** The last reply that ended, once, for screen readers (the log itself does not read out every token). */
function useAnnouncement(lines: ChatLine[], botName: string): string {
  const { t } = useLingui();
  const last = lines.at(-1);
  if (last?.role !== 'bot' || last.reply === 'streaming') return '';
  if (last.reply === 'stopped') return t`${botName} stopped.`;
  if (last.reply === 'interrupted') return '';
  const reply = last.text.replaceAll('**', '');
  return t`${botName} replied: ${reply}`;
}

type TestChatActor = ActorRefFrom<typeof testChatMachine>;

/** The chat with one saved bot (the editor's child); its thread survives a reload (kept per bot). */
function TestChat({ actor, botName }: { actor: TestChatActor; botName: string }) {
  const { t, i18n } = useLingui();
  const text = useText();
  const inputId = useId();
  useRegisterFlow('testChat', actor, testChatMachine);
  const lines = useSelector(actor, (s) => s.context.lines);
  const input = useSelector(actor, (s) => s.context.input);
  const typing = useSelector(actor, (s) => s.hasTag('typing'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const canSend = useSelector(actor, (s) => s.can({ type: 'message.sent' }));
  const canStop = useSelector(actor, (s) => s.can({ type: 'reply.stopped' }));
  const canClear = useSelector(actor, (s) => s.can({ type: 'chat.cleared' }));
  const log = useRef<HTMLDivElement>(null);
  const announcement = useAnnouncement(lines, botName);
  const length = input.trim().length;
  const over = length > TEST_MESSAGE_MAX_LENGTH;
  const count = (n: number) => i18n.number(n);

  // The newest message (or the typing indicator) stays in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines, typing, error]);

  const send = () => actor.send({ type: 'message.sent' });

  return (
    <Box>
      <SpreadRow>
        <Muted>{t`Talk to ${botName} as a customer would. Test chats do not count as customer conversations.`}</Muted>
        <Button size="sm" disabled={!canClear} onClick={() => actor.send({ type: 'chat.cleared' })}>
          <RefreshIcon size={14} />
          {t`Clear chat`}
        </Button>
      </SpreadRow>
      {/* A log is read out as it changes; a streamed reply would be read token by token, so it is not. */}
      <Log ref={log} role="log" aria-label={t`Test conversation`} aria-live="off" tabIndex={0}>
        {lines.length === 0 && !typing && (
          <Muted>{t`No messages yet. Ask something your customers often ask.`}</Muted>
        )}
        {lines.map((line) => (
          <Line key={line.id} line={line} botName={botName} />
        ))}
        {typing && (
          <Typing role="status">
            <span aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t`${botName} is typing…`}
          </Typing>
        )}
        {error && (
          <Alert>
            <Cluster>
              <span>
                {t`The bot could not answer.`} {text(error)}
              </span>
              <Button size="sm" onClick={() => actor.send({ type: 'reply.retried' })}>
                <RefreshIcon size={14} />
                {t`Retry`}
              </Button>
            </Cluster>
          </Alert>
        )}
      </Log>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <Composer
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <div>
          <Label htmlFor={inputId}>{t`Message`}</Label>
          <textarea
            id={inputId}
            rows={1}
            value={input}
            placeholder={t`Type a message and press Enter`}
            aria-invalid={over || undefined}
            aria-describedby={`${inputId}-hint${length >= COUNTER_FROM ? ` ${inputId}-count` : ''}`}
            onChange={(e) => actor.send({ type: 'input.changed', value: e.target.value })}
            onKeyDown={(e) => {
              // Enter sends; Shift+Enter starts a new line (and so does Enter while composing CJK text).
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
          <span id={`${inputId}-hint`} className="visually-hidden">
            {t`Enter sends, Shift+Enter adds a new line.`}
          </span>
          {length >= COUNTER_FROM && (
            <Counter id={`${inputId}-count`} $over={over}>
              {over
                ? t`${count(length)} of at most ${count(TEST_MESSAGE_MAX_LENGTH)} characters: shorten the message to send it`
                : t`${count(length)} of ${count(TEST_MESSAGE_MAX_LENGTH)} characters`}
            </Counter>
          )}
        </div>
        <Cluster>
          {canStop && (
            <Button type="button" onClick={() => actor.send({ type: 'reply.stopped' })}>
              {t`Stop`}
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={!canSend}>
            {t`Send`}
          </Button>
        </Cluster>
      </Composer>
    </Box>
  );
}

/** The Test tab: a chat with the saved bot, or why there is none yet. */
export function TestChatPanel() {
  const { t } = useLingui();
  const botId = useEditor((s) => (s.hasTag('new') ? null : s.context.selectedId));
  // The editor runs the chat while a saved bot is open (not while another one loads).
  const chat = useEditor((s) => s.children.testChat as TestChatActor | undefined);
  const botName = useEditor((s) => s.context.saved.name);
  const dirty = useEditor(hasUnsavedChanges);

  if (!botId) {
    return (
      <EmptyState title={<Trans>Save the chatbot to test it</Trans>}>
        {t`The test chat talks to the saved version of a chatbot. Fill in the basics and a prompt, then save.`}
      </EmptyState>
    );
  }
  return (
    <Box>
      {dirty && (
        <Alert tone="warning">{t`You have unsaved changes. The test chat uses the last saved version.`}</Alert>
      )}
      {chat && <TestChat key={chat.sessionId} actor={chat} botName={botName} />}
    </Box>
  );
}
