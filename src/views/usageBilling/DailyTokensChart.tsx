import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { DailyTokens } from '../../api/schemas/instances';
import { type DayLevel, levelOf } from '../../machines/usageBilling/usage/dailyLevels';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { ChartReadout, ChartTable, colorOf, dayOf, PlotArea } from '../ui/chart/chart';
import { useDayPlot } from '../ui/chart/useDayPlot';
import { useText } from '../ui/text';
import type { ColorName } from '../ui/theme';

const CHART_HEIGHT = 180;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  list-style: none;
  padding: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; }
`;

const Swatch = styled.span<{ $color: ColorName }>`
  width: 12px;
  height: 12px;
  border-radius: 2px;
  background: ${({ theme, $color }) => theme.color[$color]};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** What a level is called, and its colour (the name always goes with it: colour is never the only sign). */
const LEVELS: Record<DayLevel, { label: MessageDescriptor; color: ColorName }> = {
  under50: { label: msg`Below 50 % of the day's share`, color: 'success' },
  from50: { label: msg`50 % or more of the day's share`, color: 'warning' },
  from80: { label: msg`80 % or more of the day's share`, color: 'danger' },
};
const LEVEL_ORDER: DayLevel[] = ['under50', 'from50', 'from80'];
const NO_LIMIT_COLOR: ColorName = 'primary';

function useFormats() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale);
    const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const axisDay = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' });
    return {
      count: (v: number) => count.format(v),
      compact: (v: number) => compact.format(v),
      day: (date: string) => day.format(dayOf(date)),
      axisDay: (d: Date) => axisDay.format(d),
    };
  }, [locale]);
}

export interface DailyTokensChartProps {
  /** The answer's daily figures; undefined when the server sent none. */
  days: DailyTokens[] | undefined;
  /** The plan's monthly token limit: -1 unlimited, null not known. */
  monthlyLimit: number | null;
  /** The period shown, as the selector names it. */
  periodLabel: string;
}

/**
 * Tokens a day over the chosen period, as bars coloured by level: each day against its even share of the
 * plan's monthly token limit (the limit divided by the days of its month), below 50 %, from 50 %, from 80 %.
 * The legend names the levels, the readout and the table say each day's level in words; an unlimited plan
 * (or one not known) has plain bars and says why. Hovering, or the arrow keys once the chart has the focus,
 * read a day out.
 */
export function DailyTokensChart({ days, monthlyLimit, periodLabel }: DailyTokensChartProps) {
  const { t } = useLingui();
  const text = useText();
  const f = useFormats();
  const [table, setTable] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const tableId = useId();
  const captionId = useId();
  const limited = monthlyLimit !== null && monthlyLimit >= 0;
  const points = useMemo(
    () => (days ?? []).map((d) => ({ ...d, level: levelOf(d.date, d.tokenCount, monthlyLimit) })),
    [days, monthlyLimit],
  );
  // Painted again for new days or another plan limit; the plot adds the theme.
  const paint = useCallback(
    (el: HTMLElement) => {
      const groups = limited ? LEVEL_ORDER : [null];
      return {
        kind: 'bars' as const,
        xs: points.map((d) => dayOf(d.date).getTime() / 1000),
        // One series per colour: a day's tokens in the group of its level, null in the others.
        series: groups.map((level) => ({
          values: points.map((d) => (d.level === level ? d.tokenCount : null)),
          color: colorOf(el, level ? LEVELS[level].color : NO_LIMIT_COLOR),
        })),
        colors: {
          axis: colorOf(el, 'textMuted'),
          grid: colorOf(el, 'border'),
          surface: colorOf(el, 'surface'),
        },
        formatX: (s: number) => f.axisDay(new Date(s * 1000)),
        formatY: f.compact,
      };
    },
    [points, limited, f],
  );
  const { shown, plotProps } = useDayPlot(points.length, CHART_HEIGHT, paint);

  const limitText = limited ? f.count(monthlyLimit) : '';
  const point = shown === null ? undefined : points[shown];
  const tokensOf = (n: number) => {
    const count = f.count(n);
    return t`${count} tokens`;
  };

  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Tokens per day</Trans>
      </h3>
      {days === undefined ? (
        <Muted>
          <Trans>No daily figures for this period: the server did not send them.</Trans>
        </Muted>
      ) : points.length === 0 ? (
        <Muted>
          <Trans>No days in this period yet.</Trans>
        </Muted>
      ) : (
        <>
          {limited ? (
            <>
              <Muted>
                <Trans>
                  Each day is compared with its share of your plan's monthly limit of {limitText} tokens: the
                  limit divided by the days of that month.
                </Trans>
              </Muted>
              <Legend aria-label={t`Levels`}>
                {LEVEL_ORDER.map((level) => (
                  <li key={level}>
                    <Swatch $color={LEVELS[level].color} aria-hidden="true" />
                    {text(LEVELS[level].label)}
                  </li>
                ))}
              </Legend>
            </>
          ) : (
            <Muted>
              {monthlyLimit === null ? (
                <Trans>
                  Your plan's monthly token limit is not known, so the days are not coloured by level.
                </Trans>
              ) : (
                <Trans>Your plan has no monthly token limit, so the days are not coloured by level.</Trans>
              )}
            </Muted>
          )}
          <ChartReadout aria-live="polite" aria-atomic="true" data-testid="daily-readout">
            {point && (
              <>
                {f.day(point.date)}: <strong>{tokensOf(point.tokenCount)}</strong>
                {point.level && <> · {text(LEVELS[point.level].label)}</>}
              </>
            )}
          </ChartReadout>
          <span id={hintId} className="visually-hidden">
            {t`Use the left and right arrow keys to read the value of each day.`}
          </span>
          <PlotArea
            $height={CHART_HEIGHT}
            role="group"
            aria-roledescription="chart"
            aria-label={t`Tokens per day, ${periodLabel}`}
            aria-describedby={hintId}
            {...plotProps}
          />
          <Actions>
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={table}
              aria-controls={tableId}
              onClick={() => setTable((open) => !open)}
            >
              {table ? <Trans>Hide table</Trans> : <Trans>Show as table</Trans>}
            </Button>
          </Actions>
          <div id={tableId} hidden={!table}>
            {table && (
              <ChartTable role="region" aria-labelledby={captionId} tabIndex={0}>
                <table>
                  <caption id={captionId}>{t`Tokens per day, ${periodLabel}`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <Trans>Day</Trans>
                      </th>
                      {limited && (
                        <th scope="col">
                          <Trans>Level</Trans>
                        </th>
                      )}
                      <th scope="col">
                        <Trans>Tokens</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((d) => (
                      <tr key={d.date}>
                        <th scope="row">
                          <time dateTime={d.date}>{f.day(d.date)}</time>
                        </th>
                        {limited && <td>{d.level ? text(LEVELS[d.level].label) : ''}</td>}
                        <td>{f.count(d.tokenCount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ChartTable>
            )}
          </div>
        </>
      )}
    </Section>
  );
}
