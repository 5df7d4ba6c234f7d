import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { observeElementRect } from '@tanstack/react-virtual';
import { useRef } from 'react';
import styled from 'styled-components';
import { type ActivityLogEntry, type ActivityType, isActivityType } from '../../api/schemas/dashboard';
import { EmptyState, Skeleton } from '../ui/Feedback';
import { formatDateTime, formatTime } from '../ui/format';
import { useText } from '../ui/text';
import { useVirtualRows, virtualItems, virtualRow, virtualScroller } from '../ui/virtualList';

/**
 * The four event kinds the app knows, in the user's language, with what each is about; entries of another
 * kind show the server's text.
 */
const KIND_TEXT: Record<ActivityType, ReturnType<typeof msg>> = {
  user_connected: msg`New user connected`,
  agent_updated: msg`Agent settings updated`,
  knowledge_updated: msg`Knowledge base updated`,
  instance_bound: msg`New instance bound`,
};

/** How the server writes each kind (in English), ahead of what it is about: "New instance bound: Desk". */
const KIND_PREFIX: Record<ActivityType, string> = {
  user_connected: 'New user connected',
  agent_updated: 'Agent settings updated',
  knowledge_updated: 'Knowledge base updated',
  instance_bound: 'New instance bound',
};

/**
 * What an entry of a known kind is about (a name, a number), from the server's text: the kind is already
 * written in the user's language, so the server's English for it is left out. Null when the text does not
 * read "<kind>: <subject>".
 */
export function subjectOf(type: ActivityType, description: string): string | null {
  const prefix = `${KIND_PREFIX[type]}:`;
  if (!description.startsWith(prefix)) return null;
  return description.slice(prefix.length).trim() || null;
}

const KIND_TONE: Record<ActivityType, 'info' | 'primary' | 'warning' | 'success'> = {
  user_connected: 'info',
  agent_updated: 'primary',
  knowledge_updated: 'warning',
  instance_bound: 'success',
};

/** Rows are measured; this is only the first guess. */
const ROW_ESTIMATE = 60;
const MAX_HEIGHT = 360;

const Scroller = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  overscroll-behavior: contain;
  border-radius: ${({ theme }) => theme.radius.md};
  ${virtualScroller}
`;

const List = styled.ul`
  ${virtualItems}
`;

const Row = styled.li`
  ${virtualRow}
  display: grid;
  grid-template-columns: 52px 10px 1fr;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  time {
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  p { overflow-wrap: anywhere; }
`;

const Dot = styled.span<{ $tone: 'info' | 'primary' | 'warning' | 'success' }>`
  width: 10px;
  height: 10px;
  margin-top: 6px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.color[$tone]};
`;

const Detail = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * Without layout (a test DOM, a hidden tab) the scroller measures 0 px high; the list then still renders its
 * first screenful instead of nothing.
 */
const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { ...rect, height: MAX_HEIGHT }));

/** The last 24 hours, newest first; virtualized, since a busy day can bring hundreds of new users. */
export function ActivityList({ entries }: { entries: ActivityLogEntry[] }) {
  const text = useText();
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualRows(entries, scroller, {
    estimate: ROW_ESTIMATE,
    observeElementRect: observeRect,
  });

  const height = Math.min(MAX_HEIGHT, Math.max(virtualizer.getTotalSize(), ROW_ESTIMATE));
  return (
    // tabIndex: a scrollable region must be reachable by keyboard.
    <Scroller
      ref={scroller}
      $height={height}
      tabIndex={0}
      role="region"
      aria-label={t`Recent activity entries`}
    >
      <List style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index] as ActivityLogEntry;
          const type = isActivityType(entry.type) ? entry.type : null;
          const kind = type ? KIND_TEXT[type] : null;
          const subject = type ? subjectOf(type, entry.description) : null;
          return (
            <Row
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={entries.length}
              aria-posinset={item.index + 1}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
                {formatTime(entry.createdAt)}
              </time>
              <Dot $tone={type ? KIND_TONE[type] : 'primary'} aria-hidden="true" />
              <div>
                <p>{kind ? text(kind) : entry.description}</p>
                {subject && <Detail>{subject}</Detail>}
              </div>
            </Row>
          );
        })}
      </List>
    </Scroller>
  );
}

/** A quiet day. */
export function ActivityEmpty() {
  return (
    <EmptyState title={<Trans>No activity in the last 24 hours</Trans>}>
      <Trans>New users, bot changes and newly bound numbers will show up here.</Trans>
    </EmptyState>
  );
}

/** Rows of the size of what will come. */
export function ActivitySkeleton() {
  return (
    <div aria-hidden="true" style={{ display: 'grid', gap: 14 }}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} $h="36px" />
      ))}
    </div>
  );
}
