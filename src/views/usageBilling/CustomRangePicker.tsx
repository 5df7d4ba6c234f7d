import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { todayDate } from '../../machines/usageBilling/usage/usage.machine';
import type { RangeField, usageRangeMachine } from '../../machines/usageBilling/usage/usageRange.machine';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { useText } from '../ui/text';

type RangeRef = ActorRefFrom<typeof usageRangeMachine>;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const FieldError = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/**
 * The custom period: a first and a last day (native date fields, typed or picked, by keyboard too), both
 * included. Apply (or Enter) hands them to the machine, which either names the field to fix (the focus goes
 * there, the reason beside it) or applies them; Cancel (or Escape) keeps the period shown.
 */
export function CustomRangePicker({ range }: { range: RangeRef }) {
  const { t } = useLingui();
  const text = useText();
  const start = useSelector(range, (s) => s.context.start);
  const end = useSelector(range, (s) => s.context.end);
  const errors = useSelector(range, (s) => s.context.errors);
  const box = useRef<HTMLFieldSetElement>(null);
  const today = todayDate();

  // Opened: the first day has the focus. Refused: the field to fix has it.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[data-field="start"]')?.focus();
    const subscription = range.on('range.refused', ({ field }) => {
      box.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
    return () => subscription.unsubscribe();
  }, [range]);

  const change = (field: RangeField) => (e: { target: { value: string } }) =>
    range.send({ type: 'range.changed', field, value: e.target.value });
  const apply = () => range.send({ type: 'range.applied' });
  const cancel = () => range.send({ type: 'range.cancelled' });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      apply();
    }
  };
  const hintOf = (field: RangeField, fallback: string) => {
    const error = errors[field];
    return error ? <FieldError>{text(error)}</FieldError> : fallback;
  };

  return (
    <Group ref={box} onKeyDown={onKeyDown}>
      <legend>
        <Trans>Custom period</Trans>
      </legend>
      <Fields>
        <TextField
          label={<Trans>First day</Trans>}
          type="date"
          data-field="start"
          value={start}
          max={today}
          invalid={Boolean(errors.start)}
          hint={hintOf('start', t`Included.`)}
          onChange={change('start')}
        />
        <TextField
          label={<Trans>Last day</Trans>}
          type="date"
          data-field="end"
          value={end}
          max={today}
          invalid={Boolean(errors.end)}
          hint={hintOf('end', t`Included; today at the latest, at most 365 days in all.`)}
          onChange={change('end')}
        />
      </Fields>
      <Row>
        <Button size="sm" onClick={cancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button size="sm" variant="primary" onClick={apply}>
          <Trans>Apply</Trans>
        </Button>
      </Row>
    </Group>
  );
}
