import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { AnyActorRef } from 'xstate';
import { TREND_SERIES, type TrendPoint, type TrendSeriesKey } from '../../api/schemas/dashboard';
import { TREND_PERIOD_OPTIONS, trendsMachine } from '../../machines/dashboard/trends.machine';
import { useChildFlow } from '../../machines/useFlow';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { dayOf, ChartTable as TableBox, usePainterEarly } from '../ui/chart/chart';
import { ErrorPanel, NotOffered, Skeleton } from '../ui/Feedback';
import { useText } from '../ui/text';
import type { ColorName } from '../ui/theme';
import { CardError } from './CardError';
import { TrendChart } from './TrendChart';

const Box = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The period as a segmented control of real radio buttons (arrow keys move between them). */
const Periods = styled.fieldset`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 2px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  legend {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.control.sm};
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.sm};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    color: ${({ theme }) => theme.color.textMuted};
    cursor: pointer;
    white-space: nowrap;
  }
  label:has(input:checked) {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
  label:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    margin: 0;
    cursor: pointer;
  }
`;

/** Two series to a row where there is room, one where there is not (the card's own width decides). */
const Grid = styled.div`
  container-type: inline-size;
  > div {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
    gap: ${({ theme }) => theme.space(4)};
  }
  @container (max-width: 639px) {
    > div { grid-template-columns: minmax(0, 1fr); }
  }
`;

const Series = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const SeriesHead = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
  h3 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Swatch = styled.span<{ $color: ColorName }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $color }) => theme.color[$color]};
`;

const Summary = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  strong {
    font-size: ${({ theme }) => theme.font.size.lg};
    color: ${({ theme }) => theme.color.text};
    font-variant-numeric: tabular-nums;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

interface SeriesInfo {
  title: MessageDescriptor;
  color: ColorName;
  /** The figure under the title: what it is. */
  summary: MessageDescriptor;
  kind: 'count' | 'share';
}

const SERIES: Record<TrendSeriesKey, SeriesInfo> = {
  messages: { title: msg`Messages`, color: 'primary', summary: msg`in total`, kind: 'count' },
  activeUsers: {
    title: msg`Active WhatsApp users`,
    color: 'info',
    summary: msg`a day on average`,
    kind: 'count',
  },
  tokens: { title: msg`Tokens`, color: 'warning', summary: msg`in total`, kind: 'count' },
  positiveShare: {
    title: msg`Positive sentiment`,
    color: 'success',
    summary: msg`of conversations on average`,
    kind: 'share',
  },
};

/** The series' figure: a total of counts, a daily average of users, an average of the days' shares. */
function summaryOf(key: TrendSeriesKey, points: TrendPoint[]): number | null {
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const sum = values.reduce((a, b) => a + b, 0);
  return key === 'messages' || key === 'tokens' ? sum : sum / values.length;
}

/**
 * Formats of one language: numbers and shares through Intl, days through Intl's calendar. Made once by the card
 * while its data is on its way: making Intl's formatters is slow the first time (about 70 ms for the four
 * series, each with its own, in a profile of a cold dashboard), time that fell between the answer and the
 * drawn charts.
 */
type Formats = ReturnType<typeof useFormats>;
function useFormats() {
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const day = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const axisDay = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' });
    const noConversations = t`No conversations`;
    return {
      value: (kind: SeriesInfo['kind']) => (v: number | null) =>
        v === null ? noConversations : kind === 'share' ? percent.format(v) : count.format(v),
      axisValue: (kind: SeriesInfo['kind']) => (v: number) =>
        kind === 'share' ? percent.format(v) : compact.format(v),
      day: (d: Date) => day.format(d),
      axisDay: (d: Date) => axisDay.format(d),
    };
  }, [locale, t]);
}

interface SeriesPanelProps {
  id: TrendSeriesKey;
  points: TrendPoint[] | null;
  days: number;
  error: string | null;
  onRetry: () => void;
  formats: Formats;
}

function SeriesPanel({ id, points, days, error, onRetry, formats }: SeriesPanelProps) {
  const { t } = useLingui();
  const text = useText();
  const [table, setTable] = useState(false);
  const info = SERIES[id];
  const title = text(info.title);
  const headingId = useId();
  const tableId = useId();
  const captionId = useId();
  const formatValue = useCallback((v: number | null) => formats.value(info.kind)(v), [formats, info.kind]);
  const formatAxisValue = useMemo(() => formats.axisValue(info.kind), [formats, info.kind]);
  const summary = points && summaryOf(id, points);

  return (
    <Series role="group" aria-labelledby={headingId}>
      <SeriesHead>
        <h3 id={headingId}>
          <Swatch $color={info.color} aria-hidden="true" />
          {title}
        </h3>
      </SeriesHead>
      {points === null ? (
        <CardError
          what={<Trans>Could not load this series.</Trans>}
          message={error ?? t`The server sent no readable data for it.`}
          onRetry={onRetry}
        />
      ) : (
        <>
          <Summary>
            <strong>{summary === null ? '–' : formatValue(summary)}</strong> {text(info.summary)}
          </Summary>
          <TrendChart
            points={points}
            label={t`${title}, last ${days} days`}
            hint={t`Use the left and right arrow keys to read the value of each day.`}
            color={info.color}
            formatValue={formatValue}
            formatDay={formats.day}
            formatAxisDay={formats.axisDay}
            formatAxisValue={formatAxisValue}
            yMax={info.kind === 'share' ? 1 : undefined}
          />
          <Actions>
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={table}
              aria-controls={tableId}
              onClick={() => setTable((shown) => !shown)}
            >
              {table ? <Trans>Hide table</Trans> : <Trans>Show as table</Trans>}
            </Button>
          </Actions>
          <div id={tableId} hidden={!table}>
            {table && (
              <TableBox role="region" aria-labelledby={captionId} tabIndex={0}>
                <table>
                  <caption id={captionId}>{t`${title} per day, last ${days} days`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Day</Trans>
                      </th>
                      <th scope="col">{title}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p) => (
                      <tr key={p.date}>
                        <th scope="row">
                          <time dateTime={p.date}>{formats.day(dayOf(p.date))}</time>
                        </th>
                        <td>{formatValue(p.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            )}
          </div>
        </>
      )}
    </Series>
  );
}

function SeriesSkeleton() {
  return (
    <Series aria-hidden="true">
      <Skeleton $w="120px" $h="18px" />
      <Skeleton $w="80px" $h="22px" />
      <Skeleton $w="100%" $h="160px" />
    </Series>
  );
}

/** What the card shows while its first answer loads. */
function TrendsSkeleton() {
  return (
    <Grid>
      <div>
        {TREND_SERIES.map((key) => (
          <SeriesSkeleton key={key} />
        ))}
      </div>
    </Grid>
  );
}

/**
 * The dashboard's trends: messages, active WhatsApp users, tokens and positive sentiment, a day at a time over
 * 7, 30 or 90 days. Each series shows its own chart (readable by keyboard), its table on request, or its own
 * failure; a failure of the whole call shows once, with a retry.
 */
export function TrendsCard({ dashboard }: { dashboard: AnyActorRef }) {
  const { t } = useLingui();
  const text = useText();
  const trends = useChildFlow(dashboard, 'trends', trendsMachine);
  const period = useSelector(trends, (s) => s.context.period);
  const data = useSelector(trends, (s) => s.context.data);
  const error = useSelector(trends, (s) => s.context.error);
  const loading = useSelector(trends, (s) => s.hasTag('loading'));
  const failed = useSelector(trends, (s) => s.hasTag('failed'));
  const notOffered = useSelector(trends, (s) => s.hasTag('notOffered'));
  const retry = () => trends.send({ type: 'trends.retry' });
  const name = useId();
  const days = data?.days;
  usePainterEarly();
  const formats = useFormats();

  return (
    <Box aria-labelledby="trends-title" aria-busy={loading}>
      <Head>
        <div>
          <CardTitle id="trends-title">
            <Trans>Trends</Trans>
          </CardTitle>
          <Muted>{days ? t`Day by day, the last ${days} days` : <Trans>Day by day</Trans>}</Muted>
        </div>
        {!notOffered && (
          <Periods>
            <legend>
              <Trans>Period</Trans>
            </legend>
            {TREND_PERIOD_OPTIONS.map((option) => (
              <label key={option.days}>
                <input
                  type="radio"
                  name={name}
                  value={option.days}
                  checked={period === option.days}
                  onChange={() => trends.send({ type: 'period.selected', days: option.days })}
                />
                {text(option.label)}
              </label>
            ))}
          </Periods>
        )}
      </Head>
      {notOffered ? (
        <NotOffered>
          <Trans>This server does not offer trends.</Trans>
        </NotOffered>
      ) : failed ? (
        <ErrorPanel
          title={<Trans>Could not load the trends.</Trans>}
          message={error ? text(error) : undefined}
          onRetry={retry}
        />
      ) : !data ? (
        <>
          <TrendsSkeleton />
          <span className="visually-hidden">
            <Trans>Loading…</Trans>
          </span>
        </>
      ) : (
        <Grid>
          <div>
            {TREND_SERIES.map((key) => (
              <SeriesPanel
                key={key}
                id={key}
                days={data.days}
                points={data.series[key]}
                error={data.errors[key] ?? null}
                onRetry={retry}
                formats={formats}
              />
            ))}
          </div>
        </Grid>
      )}
    </Box>
  );
}
