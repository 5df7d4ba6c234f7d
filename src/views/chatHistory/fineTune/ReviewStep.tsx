import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useRef } from 'react';
import styled from 'styled-components';
import type { ChatSession } from '../../../api/schemas/chatSessions';
import {
  type ConversationIssue,
  type DatasetEntry,
  hasError,
  MIN_EXAMPLES,
} from '../../../machines/chatHistory/fineTune/dataset';
import {
  type ConversationLoad,
  type FineTuneProblem,
  fineTuneMessages,
  progressOf,
} from '../../../machines/chatHistory/fineTune/fineTune.machine';
import { displayNumber } from '../../../machines/chatHistory/sessions';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Muted } from '../../ui/Card';
import { useDownloads } from '../../ui/download';
import { Badge } from '../../ui/Feedback';
import { usePhoneFormat } from '../../ui/phone';
import { Spinner } from '../../ui/Spinner';
import { useText } from '../../ui/text';
import { useVirtualRows, virtualItems, virtualRow, virtualScroller } from '../../ui/virtualList';
import { FineTuneContext } from './context';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.border};
  overflow: hidden;
  > div { height: 100%; background: ${({ theme }) => theme.color.primary}; }
`;

/** Loading the chosen conversations: how far, and a way back. */
export function LoadingStep() {
  const { t } = useLingui();
  const actor = FineTuneContext.useActorRef();
  const { done, total } = FineTuneContext.useSelector(
    (s) => progressOf(s.context),
    (a, b) => a.done === b.done && a.total === b.total,
  );
  return (
    <>
      <Row>
        <Spinner />
        <span role="status">
          <Trans>
            Loading conversations: {done} of {total}
          </Trans>
        </span>
      </Row>
      <Track
        role="progressbar"
        aria-label={t`Conversations loaded`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div style={{ width: `${total ? (100 * done) / total : 0}%` }} />
      </Track>
      <div>
        <Button size="sm" data-step-focus onClick={() => actor.send({ type: 'loading.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </>
  );
}

function useIssueText() {
  const { t, i18n } = useLingui();
  return (issue: ConversationIssue): ReactNode => {
    const count = 'count' in issue ? issue.count : 0;
    switch (issue.kind) {
      case 'emptyTurnsDropped':
        return <Plural value={count} one="# empty message left out" other="# empty messages left out" />;
      case 'turnsMerged':
        return (
          <Plural
            value={count}
            one="# message joined to the one before it (same speaker)"
            other="# messages joined to the ones before them (same speaker)"
          />
        );
      case 'trailingUserCut':
        return (
          <Plural
            value={count}
            one="# unanswered customer message at the end cut"
            other="# unanswered customer messages at the end cut"
          />
        );
      case 'noUserTurn':
        return t`No customer message to learn from`;
      case 'noAssistantTurn':
        return t`No reply from the bot to learn from`;
      case 'tooLong': {
        const tokens = i18n.number(issue.tokens);
        const limit = i18n.number(issue.limit);
        return t`Too long: about ${tokens} tokens, at most ${limit}`;
      }
    }
  };
}

function ProblemText({ problem }: { problem: FineTuneProblem }) {
  const conversations = 'count' in problem ? problem.count : 0;
  switch (problem.kind) {
    case 'tooFew': {
      const { count, missing, min } = problem;
      return (
        <Trans>
          {count} of the {min} examples a fine-tuning file needs: add {missing} more conversations.
        </Trans>
      );
    }
    case 'noPrompt':
      return (
        <Trans>
          This chatbot has no prompt for the system message: choose another or write its prompt first.
        </Trans>
      );
    case 'blockedConversations':
      return (
        <Plural
          value={conversations}
          one="# conversation cannot become an example: leave it out below."
          other="# conversations cannot become examples: leave them out below."
        />
      );
    case 'loadFailed':
      return (
        <Plural
          value={conversations}
          one="# conversation did not load: retry it or leave it out."
          other="# conversations did not load: retry them or leave them out."
        />
      );
  }
}

const Scroller = styled.div`
  height: clamp(280px, 50vh, 560px);
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  contain: strict;
  ${virtualScroller}
`;

const Items = styled.ul`
  ${virtualItems}
`;

const Item = styled.li<{ $left: boolean }>`
  ${virtualRow}
  display: grid;
  gap: ${({ theme }) => theme.space(1.5)};
  padding: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  opacity: ${({ $left }) => ($left ? 0.75 : 1)};
  h3 { font-size: ${({ theme }) => theme.font.size.sm}; font-weight: ${({ theme }) => theme.font.weight.bold}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Turn = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  b { font-weight: ${({ theme }) => theme.font.weight.medium}; color: ${({ theme }) => theme.color.textMuted}; }
`;

interface ConversationRow {
  session: ChatSession;
  load: ConversationLoad | undefined;
  entry: DatasetEntry | undefined;
  excluded: boolean;
}

function ConversationItem({ row }: { row: ConversationRow }) {
  const { t, i18n } = useLingui();
  const formatPhone = usePhoneFormat();
  const text = useText();
  const issueText = useIssueText();
  const actor = FineTuneContext.useActorRef();
  const { session, load, entry, excluded } = row;
  const number = formatPhone(displayNumber(session.fromNumber));
  const failed = load?.status === 'failed';
  const reason = load?.status === 'failed' ? text(load.error) : null;
  const blocked = !!entry && hasError(entry.issues);
  const example = entry?.example;
  const user = example?.messages.find((m) => m.role === 'user')?.content;
  const reply = example?.messages.find((m) => m.role === 'assistant')?.content;
  const turns = (example?.messages.length ?? 1) - 1;
  const tokens = i18n.number(entry?.tokens ?? 0);

  return (
    <>
      <Row>
        <h3>{number}</h3>
        {excluded ? (
          <Badge>{t`Left out`}</Badge>
        ) : failed ? (
          <Badge $tone="danger">{t`Not loaded`}</Badge>
        ) : blocked ? (
          <Badge $tone="danger">{t`Not usable`}</Badge>
        ) : (
          <Badge $tone="success">
            <Plural value={turns} one="# turn" other="# turns" /> · {t`about ${tokens} tokens`}
          </Badge>
        )}
        <Row style={{ marginLeft: 'auto' }}>
          {failed && !excluded && (
            <Button size="sm" onClick={() => actor.send({ type: 'conversation.retried', id: session.id })}>
              {t`Retry`}
              <span className="visually-hidden"> {number}</span>
            </Button>
          )}
          {excluded ? (
            <Button size="sm" onClick={() => actor.send({ type: 'conversation.included', id: session.id })}>
              {t`Include`}
              <span className="visually-hidden"> {number}</span>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => actor.send({ type: 'conversation.excluded', id: session.id })}
            >
              {t`Leave out`}
              <span className="visually-hidden"> {number}</span>
            </Button>
          )}
        </Row>
      </Row>
      {!excluded && reason !== null && (
        <Muted>
          <Trans>Could not load: {reason}</Trans>
        </Muted>
      )}
      {!excluded && user !== undefined && (
        <>
          <Turn>
            <b>user: </b>
            {user}
          </Turn>
          <Turn>
            <b>assistant: </b>
            {reply}
          </Turn>
        </>
      )}
      {!excluded && entry && entry.issues.length > 0 && (
        <ul>
          {entry.issues.map((issue) => (
            <li key={issue.kind}>{issueText(issue)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The conversations of the dataset, one row each (rows measure themselves; only those in view render). */
function ConversationRows() {
  const { t } = useLingui();
  const chosen = FineTuneContext.useSelector((s) => s.context.chosen);
  const loads = FineTuneContext.useSelector((s) => s.context.loads);
  const excluded = FineTuneContext.useSelector((s) => s.context.excluded);
  const dataset = FineTuneContext.useSelector((s) => s.context.dataset);
  const rows = useMemo<ConversationRow[]>(() => {
    const entries = new Map(dataset?.entries.map((e) => [e.id, e]));
    const left = new Set(excluded);
    // Problems first: what needs the user's hand is at the top.
    const rank = (r: ConversationRow) =>
      r.excluded ? 2 : r.load?.status === 'failed' || (r.entry && hasError(r.entry.issues)) ? 0 : 1;
    return chosen
      .map((session) => ({
        session,
        load: loads[session.id],
        entry: entries.get(session.id),
        excluded: left.has(session.id),
      }))
      .map((r, i) => ({ r, i, k: rank(r) }))
      .sort((a, b) => a.k - b.k || a.i - b.i)
      .map(({ r }) => r);
  }, [chosen, loads, excluded, dataset]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualRows(rows, scrollRef, { estimate: 110, itemKey: (r) => r.session.id });

  return (
    <Scroller ref={scrollRef} role="region" aria-label={t`Dataset preview`} tabIndex={0}>
      <Items style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <Item
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              $left={row.excluded}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ConversationItem row={row} />
            </Item>
          );
        })}
      </Items>
    </Scroller>
  );
}

/** The preview, what keeps it from being a valid file, and the download. */
export function ReviewStep() {
  const { t, i18n } = useLingui();
  const text = useText();
  const actor = FineTuneContext.useActorRef();
  useDownloads(actor, 'download.file', 'download.failed');
  const problems = FineTuneContext.useSelector((s) => s.context.problems);
  const examples = FineTuneContext.useSelector((s) => s.context.dataset?.examples.length ?? 0);
  const totalTokens = FineTuneContext.useSelector((s) => s.context.dataset?.totalTokens ?? 0);
  const left = FineTuneContext.useSelector((s) => s.context.excluded.length);
  const canDownload = FineTuneContext.useSelector((s) => s.can({ type: 'download.requested' }));
  const canRetry = FineTuneContext.useSelector((s) => s.can({ type: 'failed.retried' }));
  const downloaded = FineTuneContext.useSelector((s) => s.hasTag('downloaded'));
  const failed = FineTuneContext.useSelector((s) => s.hasTag('downloadFailed'));
  const fileName = FineTuneContext.useSelector((s) => s.context.downloadedFile);
  const tokens = i18n.number(totalTokens);

  return (
    <>
      <Row>
        <span role="status" tabIndex={-1} data-step-focus>
          <Plural value={examples} one="# example" other="# examples" /> · {t`about ${tokens} tokens in all`}
          {left > 0 && (
            <>
              {' · '}
              <Plural value={left} one="# left out" other="# left out" />
            </>
          )}
        </span>
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'selection.edit' })}>
          <Trans>Change the selection</Trans>
        </Button>
      </Row>
      {problems.length === 0 ? (
        <Alert tone="success">
          <Trans>
            Valid OpenAI chat fine-tuning JSONL: every line has a system message, user and assistant turns,
            and ends with the assistant.
          </Trans>
        </Alert>
      ) : (
        <Alert tone="warning" data-testid="fine-tune-problems">
          <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
            {problems.map((p) => (
              <li key={p.kind}>
                <ProblemText problem={p} />
              </li>
            ))}
          </ul>
          {canRetry && (
            <Button size="sm" onClick={() => actor.send({ type: 'failed.retried' })} style={{ marginTop: 8 }}>
              <Trans>Retry the failed ones</Trans>
            </Button>
          )}
        </Alert>
      )}
      <Muted>
        <Trans>
          Token counts are estimates (about 4 characters per token, 1 per Chinese character, plus a few per
          message); OpenAI needs at least {MIN_EXAMPLES} examples.
        </Trans>
      </Muted>
      <ConversationRows />
      <Row>
        <Button
          variant="primary"
          disabled={!canDownload}
          onClick={() => actor.send({ type: 'download.requested' })}
        >
          <Trans>Download JSONL</Trans>
        </Button>
      </Row>
      {downloaded && fileName && (
        <Alert tone="success">
          <Trans>Downloaded {fileName}</Trans>
        </Alert>
      )}
      {failed && <Alert>{text(fineTuneMessages.downloadFailed)}</Alert>}
    </>
  );
}
