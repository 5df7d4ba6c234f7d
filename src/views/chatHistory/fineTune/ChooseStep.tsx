import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import styled from 'styled-components';
import {
  FINE_TUNE_SOURCES,
  type FineTuneSource,
  MAX_FINE_TUNE_CONVERSATIONS,
  sessionsOfSource,
} from '../../../machines/chatHistory/fineTune/fineTune.machine';
import { displayNumber, sessionPreview, sessionTime } from '../../../machines/chatHistory/sessions';
import { Button } from '../../ui/Button';
import { Muted } from '../../ui/Card';
import { ErrorPanel, PanelLoading } from '../../ui/Feedback';
import { SelectField } from '../../ui/Field';
import { formatMessageTime } from '../../ui/format';
import { usePhoneFormat } from '../../ui/phone';
import { useText } from '../../ui/text';
import { useVirtualRows, virtualRow, virtualScroller } from '../../ui/virtualList';
import { FineTuneContext } from './context';

export const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
  }
  input { accent-color: ${({ theme }) => theme.color.primary}; }
`;

const PICK_ROW = 52;

const PickScroller = styled.div`
  height: min(320px, 45vh);
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  position: relative;
  contain: strict;
  ${virtualScroller}
`;

const PickRow = styled.label`
  ${virtualRow}
  height: ${PICK_ROW}px;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &:has(input:checked) { background: ${({ theme }) => theme.color.primarySoft}; }
  input { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; }
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The screen's current list with a checkbox each; only the rows in view are rendered. */
function Picker() {
  const { t } = useLingui();
  const formatPhone = usePhoneFormat();
  const actor = FineTuneContext.useActorRef();
  const sessions = FineTuneContext.useSelector((s) => s.context.scope.sessions);
  const picked = FineTuneContext.useSelector((s) => s.context.picked);
  const pickedIds = new Set(picked.map((s) => s.id));
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualRows(sessions, scrollRef, { estimate: PICK_ROW, itemKey: (s) => s.id });
  const count = picked.length;

  return (
    <>
      <Row>
        <Muted role="status">
          <Plural value={count} one="# conversation picked" other="# conversations picked" />
        </Muted>
        <Button
          size="sm"
          variant="ghost"
          disabled={count === 0}
          onClick={() => actor.send({ type: 'picks.cleared' })}
        >
          <Trans>Clear picks</Trans>
        </Button>
      </Row>
      {sessions.length === 0 ? (
        <Muted>
          <Trans>The list on this screen is empty: search or change the filter to find conversations.</Trans>
        </Muted>
      ) : (
        <PickScroller ref={scrollRef} role="group" aria-label={t`Conversations to pick from`}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const s = sessions[row.index];
              if (!s) return null;
              const time = sessionTime(s);
              return (
                <PickRow key={row.key} style={{ transform: `translateY(${row.start}px)` }}>
                  <input
                    type="checkbox"
                    checked={pickedIds.has(s.id)}
                    onChange={() => actor.send({ type: 'session.toggled', id: s.id })}
                  />
                  <span>
                    {formatPhone(displayNumber(s.fromNumber))}
                    <small> · {sessionPreview(s) || t`No messages yet`}</small>
                  </span>
                  <small>
                    <time dateTime={time}>{formatMessageTime(time)}</time>
                  </small>
                </PickRow>
              );
            })}
          </div>
        </PickScroller>
      )}
      {count > 0 && (
        <Muted>
          <Trans>
            Picks stay when you search or change the filter, so you can gather conversations from several
            lists.
          </Trans>
        </Muted>
      )}
    </>
  );
}

function StarredState() {
  const text = useText();
  const actor = FineTuneContext.useActorRef();
  const loading = FineTuneContext.useSelector((s) => s.hasTag('starredLoading'));
  const failed = FineTuneContext.useSelector((s) => s.hasTag('starredFailed'));
  const error = FineTuneContext.useSelector((s) => s.context.starredError);
  if (loading) return <PanelLoading>{<Trans>Finding starred conversations…</Trans>}</PanelLoading>;
  if (failed)
    return (
      <ErrorPanel
        title={<Trans>Could not find the starred conversations</Trans>}
        message={error ? text(error) : undefined}
        onRetry={() => actor.send({ type: 'starred.retry' })}
      />
    );
  return null;
}

function BotChoice() {
  const { t } = useLingui();
  const text = useText();
  const actor = FineTuneContext.useActorRef();
  const bots = FineTuneContext.useSelector((s) => s.context.bots);
  const botId = FineTuneContext.useSelector((s) => s.context.botId);
  const loading = FineTuneContext.useSelector((s) => s.hasTag('botsLoading'));
  const failed = FineTuneContext.useSelector((s) => s.hasTag('botsFailed'));
  const error = FineTuneContext.useSelector((s) => s.context.botsError);
  const canChoose = FineTuneContext.useSelector((s) =>
    s.can({ type: 'bot.selected', id: bots[0]?.id ?? '' }),
  );

  if (failed)
    return (
      <ErrorPanel
        title={<Trans>Could not load the chatbots</Trans>}
        message={error ? text(error) : undefined}
        onRetry={() => actor.send({ type: 'bots.retry' })}
      />
    );
  if (!loading && bots.length === 0)
    return (
      <Muted>
        <Trans>
          You have no chatbot yet: create one in Bot settings, its prompt becomes the system message.
        </Trans>
      </Muted>
    );
  return (
    <SelectField
      label={<Trans>Chatbot</Trans>}
      hint={<Trans>Its prompt becomes the system message of every example.</Trans>}
      value={botId ?? ''}
      disabled={loading || !canChoose}
      onChange={(e) => actor.send({ type: 'bot.selected', id: e.target.value })}
    >
      {loading && <option value="">{t`Loading…`}</option>}
      {bots.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Where the conversations come from, which bot speaks, and the preview. */
export function ChooseStep() {
  const { t, i18n } = useLingui();
  const actor = FineTuneContext.useActorRef();
  const source = FineTuneContext.useSelector((s) => s.context.source);
  const scopeCount = FineTuneContext.useSelector((s) => s.context.scope.sessions.length);
  const pickedCount = FineTuneContext.useSelector((s) => s.context.picked.length);
  const chosenCount = FineTuneContext.useSelector((s) =>
    s.matches({ flow: { choosing: 'ready' } }) ? sessionsOfSource(s.context).length : null,
  );
  const canPreview = FineTuneContext.useSelector((s) => s.can({ type: 'preview.requested' }));

  const labels: Record<FineTuneSource, ReactNode> = {
    filter: <Trans>Current list ({scopeCount})</Trans>,
    starred: <Trans>Starred</Trans>,
    picked: <Trans>Hand-picked ({pickedCount})</Trans>,
  };
  const max = i18n.number(MAX_FINE_TUNE_CONVERSATIONS);

  return (
    <>
      <Fieldset>
        <legend>
          <Trans>Conversations</Trans>
        </legend>
        <Choices>
          {FINE_TUNE_SOURCES.map((value) => (
            <Choice key={value}>
              <input
                type="radio"
                name="fine-tune-source"
                value={value}
                checked={source === value}
                onChange={() => actor.send({ type: 'source.changed', source: value })}
              />
              {labels[value]}
            </Choice>
          ))}
        </Choices>
        {source === 'filter' && (
          <Muted>
            <Trans>The conversations the list on this screen shows, with its search and filter.</Trans>
          </Muted>
        )}
        {source === 'starred' && <StarredState />}
        {source === 'picked' && <Picker />}
      </Fieldset>
      <BotChoice />
      <Row>
        <Button
          variant="primary"
          data-step-focus
          disabled={!canPreview}
          onClick={() => actor.send({ type: 'preview.requested' })}
        >
          <Trans>Preview dataset</Trans>
        </Button>
        {chosenCount !== null && (
          <Muted>
            {chosenCount > MAX_FINE_TUNE_CONVERSATIONS ? (
              <Trans>
                {chosenCount} conversations: at most {max} fit in one dataset. Narrow the list or pick by
                hand.
              </Trans>
            ) : chosenCount === 0 ? (
              t`No conversation chosen yet.`
            ) : (
              <Plural value={chosenCount} one="# conversation chosen" other="# conversations chosen" />
            )}
          </Muted>
        )}
      </Row>
    </>
  );
}
