import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { SessionFilter } from '../../api/schemas/chatSessions';
import { unreadCount } from '../../machines/chatHistory/liveMerge';
import {
  displayNumber,
  NEEDS_PERSON,
  sessionPreview,
  sessionTime,
} from '../../machines/chatHistory/sessions';
import { EmptyState, ErrorPanel, PanelLoading } from '../ui/Feedback';
import { formatMessageTime } from '../ui/format';
import { StarIcon } from '../ui/icons';
import { usePhoneFormat } from '../ui/phone';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import { useVirtualRows, virtualRow, virtualScroller } from '../ui/virtualList';
import { ChatHistoryContext, useListedSessions } from './context';
import { HandlerMark } from './HandlingBar';
import { UnreadMark } from './Live';

/** Rows have one fixed height (texts are clipped to one line), so 10,000 of them need no measuring. */
const ROW_HEIGHT = 76;
const PAGE_ROWS = 8;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Listbox = styled.div`
  flex: 1;
  min-height: 0;
  position: relative;
  contain: strict;
  ${virtualScroller}
`;

const Option = styled.div`
  ${virtualRow}
  height: ${ROW_HEIGHT}px;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-content: center;
  column-gap: ${({ theme }) => theme.space(2)};
  row-gap: 2px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-left: 3px solid transparent;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.color.primarySoft};
    border-left-color: ${({ theme }) => theme.color.primary};
  }
  ${Listbox}:focus-visible &[data-active='true'] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
`;

const NumberLine = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  min-width: 0;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  svg { color: ${({ theme }) => theme.color.warning}; flex: none; }
`;

const Time = styled.time`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  white-space: nowrap;
`;

const Preview = styled.span`
  grid-column: 1 / -1;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Ellipsis = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

function ListHead() {
  const count = useListedSessions().length;
  const busy = ChatHistoryContext.useSelector((s) => s.hasTag('listBusy'));
  return (
    <Head>
      <span role="status">
        {busy ? (
          <Trans>Searching…</Trans>
        ) : (
          <Plural value={count} one="# conversation" other="# conversations" />
        )}
      </span>
      {busy && <Spinner />}
    </Head>
  );
}

/**
 * The sessions as a listbox: one tab stop, arrow keys (and Home, End, Page Up, Page Down) move, Enter or
 * Space opens. Only the rows in view are rendered; aria-setsize and aria-posinset tell the full size.
 */
export function SessionList({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useLingui();
  const formatPhone = usePhoneFormat();
  const text = useText();
  const actor = ChatHistoryContext.useActorRef();
  const sessions = useListedSessions();
  const selectedId = ChatHistoryContext.useSelector((s) => s.context.selected?.id ?? null);
  const live = ChatHistoryContext.useSelector((s) => s.context.live);
  const failed = ChatHistoryContext.useSelector((s) => s.hasTag('listError'));
  const listError = ChatHistoryContext.useSelector((s) => s.context.listError);
  const busy = ChatHistoryContext.useSelector((s) => s.hasTag('listBusy'));
  const filtered = ChatHistoryContext.useSelector(
    (s) => s.context.phone.trim() !== '' || s.context.filter !== SessionFilter.all,
  );
  const needsPerson = ChatHistoryContext.useSelector((s) => s.context.filter === NEEDS_PERSON);
  const [active, setActive] = useState(-1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const virtualizer = useVirtualRows(sessions, scrollRef, { estimate: ROW_HEIGHT, itemKey: (s) => s.id });

  // A different answer starts at the top; a changed star (same rows) keeps the place.
  const rows = `${sessions.length}:${sessions[0]?.id}:${sessions.at(-1)?.id}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows' identity is the trigger
  useEffect(() => {
    setActive(-1);
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [rows]);

  useEffect(() => {
    if (autoFocus) scrollRef.current?.focus();
  }, [autoFocus]);

  const open = (index: number) => {
    const s = sessions[index];
    if (s) actor.send({ type: 'session.selected', id: s.id });
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(sessions.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = active < 0 ? -1 : active;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: sessions.length - 1,
      PageDown: current + PAGE_ROWS,
      PageUp: current - PAGE_ROWS,
    };
    const target = moves[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    } else if ((e.key === 'Enter' || e.key === ' ') && current >= 0) {
      e.preventDefault();
      open(current);
    }
  };

  // Focus (by Tab or by a click) highlights a row already in view, without scrolling under the pointer.
  const onFocus = () => {
    if (active >= 0 || sessions.length === 0) return;
    const top = scrollRef.current?.scrollTop ?? 0;
    const inView = virtualizer.getVirtualItems().filter((r) => r.end > top);
    const selected = inView.find((r) => sessions[r.index]?.id === selectedId);
    setActive((selected ?? inView[0])?.index ?? 0);
  };

  // Only a rendered row can be the active descendant (a wheel scroll may have unmounted it).
  const items = virtualizer.getVirtualItems();
  const activeRendered = items.some((r) => r.index === active);

  if (failed) {
    return (
      <ErrorPanel
        title={<Trans>Could not load the conversations</Trans>}
        message={listError ? text(listError) : undefined}
        onRetry={() => actor.send({ type: 'list.retry' })}
      />
    );
  }

  return (
    <>
      <ListHead />
      {busy && sessions.length === 0 && <PanelLoading>{t`Loading conversations…`}</PanelLoading>}
      {!busy && sessions.length === 0 && (
        <EmptyState title={needsPerson ? <Trans>Nobody is waiting</Trans> : <Trans>No chat history</Trans>}>
          {needsPerson ? (
            <Trans>Conversations the bot hands to your team appear here, the longest waiting first.</Trans>
          ) : filtered ? (
            <Trans>No conversation matches this search or filter.</Trans>
          ) : (
            <Trans>Conversations with your customers appear here.</Trans>
          )}
        </EmptyState>
      )}
      <Listbox
        ref={scrollRef}
        role="listbox"
        aria-label={t`Conversations`}
        tabIndex={sessions.length > 0 ? 0 : -1}
        hidden={sessions.length === 0}
        aria-activedescendant={activeRendered ? `${baseId}-${active}` : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((row) => {
            const s = sessions[row.index];
            if (!s) return null;
            const time = sessionTime(s);
            return (
              <Option
                key={row.key}
                id={`${baseId}-${row.index}`}
                role="option"
                aria-selected={s.id === selectedId}
                aria-setsize={sessions.length}
                aria-posinset={row.index + 1}
                data-active={row.index === active}
                style={{ transform: `translateY(${row.start}px)` }}
                onClick={() => {
                  setActive(row.index);
                  open(row.index);
                }}
              >
                <NumberLine>
                  <Ellipsis>{formatPhone(displayNumber(s.fromNumber))}</Ellipsis>
                  {s.isStarred && (
                    <>
                      <StarIcon size={14} filled />
                      <span className="visually-hidden">{t`Starred`}</span>
                    </>
                  )}
                  <UnreadMark count={unreadCount(live, s.id)} />
                </NumberLine>
                <Time dateTime={time}>{formatMessageTime(time)}</Time>
                <Preview>
                  <HandlerMark handling={s.handling} />
                  {sessionPreview(s) || t`No messages yet`}
                </Preview>
              </Option>
            );
          })}
        </div>
      </Listbox>
    </>
  );
}
