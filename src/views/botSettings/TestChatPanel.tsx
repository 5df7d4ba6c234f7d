import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { hasUnsavedChanges } from '../../machines/botEditor/botEditor.machine';
import { TEST_CHAT_HEIGHT_PX } from '../../machines/constants';
import { type ChatLine, testChatMachine } from '../../machines/testChat/testChat.machine';
import { useFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { Cluster, SpreadRow } from '../ui/Cluster';
import { EmptyState } from '../ui/Feedback';
import { Label } from '../ui/Field';
import { RefreshIcon } from '../ui/icons';
import { useText } from '../ui/text';
import { useEditor } from './editorContext';

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
`;

function Line({ line, botName }: { line: ChatLine; botName: string }) {
  const { t } = useLingui();
  const mine = line.role === 'user';
  return (
    <Bubble $mine={mine} $failed={line.failed}>
      <span className="visually-hidden">{mine ? t`You:` : t`${botName}:`}</span>
      {line.text}
      {line.failed && <small>{t`Not answered`}</small>}
    </Bubble>
  );
}

/** The chat with one saved bot; its thread survives a reload (kept per bot in local storage). */
function TestChat({ botId, botName }: { botId: string; botName: string }) {
  const { t } = useLingui();
  const text = useText();
  const inputId = useId();
  const actor = useFlow('testChat', testChatMachine, { input: { botId } });
  const lines = useSelector(actor, (s) => s.context.lines);
  const input = useSelector(actor, (s) => s.context.input);
  const typing = useSelector(actor, (s) => s.hasTag('typing'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const canSend = useSelector(actor, (s) => s.can({ type: 'message.sent' }));
  const canClear = useSelector(actor, (s) => s.can({ type: 'chat.cleared' }));
  const log = useRef<HTMLDivElement>(null);

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
      <Log ref={log} role="log" aria-label={t`Test conversation`} aria-live="polite" tabIndex={0}>
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
            aria-describedby={`${inputId}-hint`}
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
        </div>
        <Button type="submit" variant="primary" disabled={!canSend}>
          {t`Send`}
        </Button>
      </Composer>
    </Box>
  );
}

/** The Test tab: a chat with the saved bot, or why there is none yet. */
export function TestChatPanel() {
  const { t } = useLingui();
  const botId = useEditor((s) => (s.hasTag('new') ? null : s.context.selectedId));
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
      <TestChat key={botId} botId={botId} botName={botName} />
    </Box>
  );
}
