import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { Source, SyncSchedule } from '../../../../api/schemas/knowledgeSources';
import { nextSyncOf } from '../../../../machines/botSettings/knowledge/sources/sourceDraft';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/Feedback';
import { SelectField } from '../../../ui/Field';
import { formatDateTime, formatRelative } from '../../../ui/format';
import type { SourcesActor } from './SourcesSection';
import { STATUS_TONES, useScheduleLabels, useStatusLabel, WebAddress } from './sourceText';

const Item = styled.li<{ $open: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $open }) => ($open ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  p { margin: 0; color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;
const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  a, span:first-child { overflow-wrap: anywhere; font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space(2)};
  select { min-width: 140px; }
`;

/** A date as "3 hours ago", with the date itself beside it. */
function When({ iso }: { iso: string }) {
  return (
    <>
      <time dateTime={iso}>{formatRelative(iso)}</time> ({formatDateTime(iso)})
    </>
  );
}

/** One website of the bot: its status, last sync and what it changed, its schedule, and what can be done. */
export function SourceItem({ actor, source, open }: { actor: SourcesActor; source: Source; open: boolean }) {
  const statusLabel = useStatusLabel();
  const schedules = useScheduleLabels();
  const can = useSelector(
    actor,
    (s) => ({
      sync: s.can({ type: 'source.sync', id: source.id }),
      delete: s.can({ type: 'source.delete', id: source.id }),
      // Whether another schedule could be chosen now.
      schedule: s.can({
        type: 'source.scheduleChanged',
        id: source.id,
        schedule: source.schedule === 'manual' ? 'daily' : 'manual',
      }),
    }),
    (a, b) => a.sync === b.sync && a.delete === b.delete && a.schedule === b.schedule,
  );
  const next = nextSyncOf(source);
  const { added, changed, removed } = source.lastChange ?? { added: 0, changed: 0, removed: 0 };
  return (
    <Item $open={open}>
      <Title>
        <WebAddress url={source.url} />
        <Badge $tone={STATUS_TONES[source.status]}>{statusLabel(source.status)}</Badge>
      </Title>
      <p>
        {source.lastSyncedAt ? (
          <Trans>
            Last synced <When iso={source.lastSyncedAt} />
          </Trans>
        ) : (
          <Trans>Not synced yet</Trans>
        )}
      </p>
      {source.lastChange && (
        <p>
          <Trans>
            What changed: {added} added, {changed} changed, {removed} removed
          </Trans>
        </p>
      )}
      {next && (
        <p>
          <Trans>
            Next sync <When iso={next} />
          </Trans>
        </p>
      )}
      <Actions>
        <SelectField
          label={<Trans>Re-sync</Trans>}
          value={source.schedule}
          disabled={!can.schedule}
          onChange={(e) =>
            actor.send({
              type: 'source.scheduleChanged',
              id: source.id,
              schedule: e.target.value as SyncSchedule,
            })
          }
        >
          {schedules.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          onClick={() => actor.send(open ? { type: 'source.close' } : { type: 'source.open', id: source.id })}
        >
          {open ? <Trans>Hide the pages</Trans> : <Trans>Show the pages</Trans>}
        </Button>
        <Button
          size="sm"
          disabled={!can.sync}
          onClick={() => actor.send({ type: 'source.sync', id: source.id })}
        >
          <Trans>Re-sync now</Trans>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!can.delete}
          onClick={() => actor.send({ type: 'source.delete', id: source.id })}
        >
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </Item>
  );
}
