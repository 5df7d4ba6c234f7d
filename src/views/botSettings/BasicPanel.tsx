import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { MODEL_OPTIONS } from '../../api/schemas/chatbots';
import { SelectField, TextField } from '../ui/Field';
import { media } from '../ui/theme';
import { useEditor, useEditorActor } from './context';
import { UnitSlider } from './UnitSlider';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(5)};
  max-width: 760px;
  @media ${media.below('mobile')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

function TemperatureField() {
  const { t } = useLingui();
  const actor = useEditorActor();
  const temperature = useEditor((s) => s.context.form.temperature);
  return (
    <UnitSlider
      label={t`Temperature`}
      field="temperature"
      value={temperature}
      low={t`Precise`}
      high={t`Creative`}
      hint={t`Lower values give focused, consistent answers; higher values give more varied ones.`}
      onChange={(value) => actor.send({ type: 'temperature.changed', value })}
    />
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
