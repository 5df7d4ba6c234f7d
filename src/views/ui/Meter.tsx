import styled from 'styled-components';
import { USAGE_DANGER_RATIO, USAGE_WARNING_RATIO } from '../../machines/constants';

export type MeterTone = 'success' | 'warning' | 'danger';

/** Green below half of a limit, amber from 50 %, red from 80 %. */
export function meterTone(ratio: number): MeterTone {
  if (ratio >= USAGE_DANGER_RATIO) return 'danger';
  if (ratio >= USAGE_WARNING_RATIO) return 'warning';
  return 'success';
}

const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: MeterTone; $ratio: number }>`
  height: 100%;
  width: ${({ $ratio }) => Math.min(100, Math.max(0, $ratio * 100))}%;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width ${({ theme }) => theme.motion.normal};
`;

/**
 * A usage meter. `ratio` is used/limit (null for an unlimited limit, shown empty). The label names what is
 * measured; the value text is read by screen readers.
 */
export function Meter({
  ratio,
  label,
  valueText,
}: {
  ratio: number | null;
  label: string;
  valueText: string;
}) {
  const r = ratio ?? 0;
  const tone = meterTone(r);
  return (
    <Track
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(Math.min(1, r) * 100)}
      aria-valuetext={valueText}
      data-tone={tone}
    >
      <Fill $tone={tone} $ratio={r} />
    </Track>
  );
}
