import { useId } from 'react';
import styled from 'styled-components';
import { TEMPERATURE_MAX, TEMPERATURE_MIN, TEMPERATURE_STEP } from '../../machines/constants';
import { Label } from '../ui/Field';

const LabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  output {
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Range = styled.input`
  width: 100%;
  height: 40px;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
`;

const Scale = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** A 0 to 1 slider in steps of 0.1 (temperature, knowledge weight), with its value, ends and a hint. */
export function UnitSlider({
  label,
  field,
  value,
  low,
  high,
  hint,
  onChange,
}: {
  label: string;
  field: string;
  value: number;
  low: string;
  high: string;
  hint: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const shown = value.toFixed(1);
  return (
    <div>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id}>{shown}</output>
      </LabelRow>
      <Range
        id={id}
        type="range"
        data-field={field}
        min={TEMPERATURE_MIN}
        max={TEMPERATURE_MAX}
        step={TEMPERATURE_STEP}
        value={value}
        aria-valuetext={shown}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <Scale aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </Scale>
      <Hint id={`${id}-hint`}>{hint}</Hint>
    </div>
  );
}
