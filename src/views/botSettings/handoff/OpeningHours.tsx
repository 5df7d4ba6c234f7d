import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { HandoffSettings, Opening } from '../../../api/schemas/handoff';
import { Checkbox } from '../../ui/Controls';
import { SelectField } from '../../ui/Field';
import { media } from '../../ui/theme';

type Hours = HandoffSettings['hours'];

/** Monday first, as people read a week; the numbers are Date.getDay()'s (0 Sunday). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DEFAULT_DAY: Opening = { open: '09:00', close: '18:00' };

const Days = styled.div`
  display: grid;
  grid-template-columns: minmax(120px, max-content) repeat(2, minmax(0, 9rem));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  align-items: center;
  input[type='time'] {
    min-height: 36px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    padding: 0 ${({ theme }) => theme.space(2)};
    font: inherit;
  }
  /* On a phone each day's name has its own line, its times the two columns below it. */
  @media ${media.below('mobile')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    .day { grid-column: 1 / -1; }
  }
`;

/** The time zones this browser knows, the browser's own first (a short list where it cannot tell). */
function timeZones(current: string): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['UTC', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Europe/London', 'America/New_York'];
  return [...new Set([current, own, ...all].filter(Boolean))];
}

/** The team's weekly opening hours and their time zone (each day open from–to, or closed). */
export function OpeningHours({ hours, onChange }: { hours: Hours; onChange: (hours: Hours) => void }) {
  const { t, i18n } = useLingui();
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2026, 10, 1 + day),
    );
  const setDay = (day: number, opening: Opening | null) =>
    onChange({ ...hours, week: hours.week.map((d, i) => (i === day ? opening : d)) });

  return (
    <>
      <Checkbox
        label={<Trans>Tell customers when the team is back, outside opening hours</Trans>}
        checked={hours.enabled}
        onChange={(e) =>
          onChange({
            ...hours,
            enabled: e.target.checked,
            // The browser's zone is the likely one the first time.
            timeZone: hours.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone,
          })
        }
      />
      {hours.enabled && (
        <>
          <SelectField
            label={<Trans>Time zone</Trans>}
            value={hours.timeZone}
            onChange={(e) => onChange({ ...hours, timeZone: e.target.value })}
          >
            {timeZones(hours.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <Days role="group" aria-label={t`Opening hours`}>
            {WEEK_ORDER.map((day) => {
              const opening = hours.week[day] ?? null;
              const name = dayName(day);
              return (
                <DayRow
                  key={day}
                  name={name}
                  opening={opening}
                  onChange={(next) => setDay(day, next)}
                  openLabel={t`${name} opens at`}
                  closeLabel={t`${name} closes at`}
                />
              );
            })}
          </Days>
        </>
      )}
    </>
  );
}

function DayRow({
  name,
  opening,
  onChange,
  openLabel,
  closeLabel,
}: {
  name: string;
  opening: Opening | null;
  onChange: (opening: Opening | null) => void;
  openLabel: string;
  closeLabel: string;
}) {
  return (
    <>
      <div className="day">
        <Checkbox
          label={name}
          checked={opening !== null}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_DAY : null)}
        />
      </div>
      {opening ? (
        <>
          <input
            type="time"
            aria-label={openLabel}
            value={opening.open}
            onChange={(e) => onChange({ ...opening, open: e.target.value })}
          />
          <input
            type="time"
            aria-label={closeLabel}
            value={opening.close}
            onChange={(e) => onChange({ ...opening, close: e.target.value })}
          />
        </>
      ) : (
        <span style={{ gridColumn: 'span 2' }}>
          <Trans>Closed</Trans>
        </span>
      )}
    </>
  );
}
