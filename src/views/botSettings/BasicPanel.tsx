import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { MODEL_OPTIONS } from '../../api/schemas/chatbots';
import { TEMPERATURE_MAX, TEMPERATURE_MIN, TEMPERATURE_STEP } from '../../machines/constants';

import { Label, SelectField, TextField } from '../ui/Field';
import { media } from '../ui/theme';
import { useEditor, useEditorActor } from './editorContext';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(5)};
  max-width: 760px;
  @media ${media.below('mobile')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

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

function TemperatureField() {
  const { t } = useLingui();
  const id = useId();
  const actor = useEditorActor();
  const temperature = useEditor((s) => s.context.form.temperature);
  const value = temperature.toFixed(1);
  return (
    <div>
      <LabelRow>
        <Label htmlFor={id}>{t`Temperature`}</Label>
        <output htmlFor={id}>{value}</output>
      </LabelRow>
      <Range
        id={id}
        type="range"
        data-field="temperature"
        min={TEMPERATURE_MIN}
        max={TEMPERATURE_MAX}
        step={TEMPERATURE_STEP}
        value={temperature}
        aria-valuetext={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => actor.send({ type: 'temperature.changed', value: Number(e.target.value) })}
      />
      <Scale aria-hidden="true">
        <span>{t`Precise`}</span>
        <span>{t`Creative`}</span>
      </Scale>
      <Hint id={`${id}-hint`}>
        {t`Lower values give focused, consistent answers; higher values give more varied ones.`}
      </Hint>
    </div>
  );
}

/** Model, name, temperature and max tokens (spec section 2, Basic). */
export function BasicPanel() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const name = useEditor((s) => s.context.form.name);
  const model = useEditor((s) => s.context.form.model);
  const maxTokens = useEditor((s) => s.context.form.maxTokens);
  const invalid = useEditor((s) => s.context.invalidField);
  // A bot saved with a model no longer offered keeps it, listed first.
  const models =
    model && !(MODEL_OPTIONS as readonly string[]).includes(model)
      ? [model, ...MODEL_OPTIONS]
      : MODEL_OPTIONS;

  return (
    <Grid>
      <SelectField
        label={t`Model`}
        data-field="model"
        value={model}
        aria-invalid={invalid === 'model' || undefined}
        onChange={(e) => actor.send({ type: 'field.changed', field: 'model', value: e.target.value })}
      >
        <option value="" disabled>
          {t`Choose a model`}
        </option>
        {models.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Bot name`}
        data-field="name"
        value={name}
        autoComplete="off"
        invalid={invalid === 'name'}
        hint={t`Tells your chatbots apart, for example when you bind a WhatsApp number.`}
        onChange={(e) => actor.send({ type: 'field.changed', field: 'name', value: e.target.value })}
      />
      <TemperatureField />
      <TextField
        label={t`Max tokens`}
        data-field="maxTokens"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={maxTokens}
        invalid={invalid === 'maxTokens'}
        hint={t`The longest reply the bot may write, in tokens.`}
        onChange={(e) => actor.send({ type: 'field.changed', field: 'maxTokens', value: e.target.value })}
      />
    </Grid>
  );
}
