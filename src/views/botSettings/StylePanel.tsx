import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  BOT_LANGUAGES,
  BOT_TONES,
  type BotLanguage,
  type BotSettings,
  type BotTone,
  RESPONSE_LENGTHS,
  type ResponseLength,
  STYLE_TEXT_MAX,
} from '../../api/schemas/chatbots';
import type { SettingChangedEvent } from '../../machines/botSettings/botForm';
import { Muted } from '../ui/Card';
import { Checkbox } from '../ui/Controls';
import { SelectField, TextAreaField } from '../ui/Field';
import { media } from '../ui/theme';
import { useEditor, useEditorActor } from './context';
import { UnitSlider } from './UnitSlider';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 760px;
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(5)};
  @media ${media.below('mobile')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  > div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(4)}; }
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; cursor: pointer; }
  input { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; }
`;

const Toggle = styled.div`
  display: grid;
  gap: 2px;
  p { margin-left: 24px; font-size: ${({ theme }) => theme.font.size.xs}; color: ${({ theme }) => theme.color.textMuted}; }
`;

function useSettings() {
  const actor = useEditorActor();
  const settings = useEditor((s) => s.context.form.settings);
  const change = (event: Omit<SettingChangedEvent, 'type'>) =>
    actor.send({ type: 'setting.changed', ...event } as SettingChangedEvent);
  return { settings, change };
}

type Flag = {
  [K in keyof BotSettings]: BotSettings[K] extends boolean ? K : never;
}[keyof BotSettings];

function FlagField({ setting, label, hint }: { setting: Flag; label: ReactNode; hint?: ReactNode }) {
  const { settings, change } = useSettings();
  const hintId = `style-${setting}-hint`;
  return (
    <Toggle>
      <Checkbox
        label={label}
        data-field={setting}
        checked={settings[setting]}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => change({ setting, value: e.target.checked })}
      />
      {hint && <p id={hintId}>{hint}</p>}
    </Toggle>
  );
}

/** How many characters are left, once a message gets near the limit. */
function useLength(text: string) {
  const { t } = useLingui();
  const left = STYLE_TEXT_MAX - text.length;
  return left <= 200 ? t`${left} characters left` : undefined;
}

function MessagesSection() {
  const { t } = useLingui();
  const { settings, change } = useSettings();
  const welcomeLeft = useLength(settings.welcomeMessage);
  const fallbackLeft = useLength(settings.fallbackMessage);
  return (
    <Section aria-labelledby="style-messages-title">
      <div>
        <h3 id="style-messages-title">{t`Welcome and fallback`}</h3>
        <Muted>{t`Left empty, a message is the bot's own text, in the customer's language.`}</Muted>
      </div>
      <FlagField setting="welcomeEnabled" label={t`Greet new conversations with a welcome message`} />
      <TextAreaField
        label={t`Welcome message`}
        data-field="welcomeMessage"
        rows={2}
        maxLength={STYLE_TEXT_MAX}
        value={settings.welcomeMessage}
        disabled={!settings.welcomeEnabled}
        placeholder={t`Hello! How can I help you today?`}
        hint={welcomeLeft}
        onChange={(e) => change({ setting: 'welcomeMessage', value: e.target.value })}
      />
      <TextAreaField
        label={t`Fallback message`}
        data-field="fallbackMessage"
        rows={2}
        maxLength={STYLE_TEXT_MAX}
        value={settings.fallbackMessage}
        placeholder={t`Sorry, I don't have an answer to that yet. Someone from our team will get back to you.`}
        hint={fallbackLeft ?? t`Sent when the knowledge has no answer to a question.`}
        onChange={(e) => change({ setting: 'fallbackMessage', value: e.target.value })}
      />
    </Section>
  );
}

function AnswersSection() {
  const { t } = useLingui();
  const { settings, change } = useSettings();
  const tones: Record<BotTone, string> = {
    professional: t`Professional`,
    friendly: t`Friendly`,
    casual: t`Casual`,
    formal: t`Formal`,
  };
  const languages: Record<BotLanguage, string> = {
    auto: t`Auto-detect (the customer's language)`,
    zh: t`Chinese`,
    en: t`English`,
  };
  const lengths: Record<ResponseLength, string> = {
    short: t`Short`,
    medium: t`Medium`,
    detailed: t`Detailed`,
  };
  return (
    <Section aria-labelledby="style-answers-title">
      <h3 id="style-answers-title">{t`Answers`}</h3>
      <Pair>
        <SelectField
          label={t`Tone`}
          data-field="tone"
          value={settings.tone}
          onChange={(e) => change({ setting: 'tone', value: e.target.value as BotTone })}
        >
          {BOT_TONES.map((tone) => (
            <option key={tone} value={tone}>
              {tones[tone]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Preferred language`}
          data-field="language"
          value={settings.language}
          onChange={(e) => change({ setting: 'language', value: e.target.value as BotLanguage })}
        >
          {BOT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {languages[language]}
            </option>
          ))}
        </SelectField>
      </Pair>
      <Pair>
        <Choices>
          <legend>{t`Response length`}</legend>
          <div>
            {RESPONSE_LENGTHS.map((length) => (
              <label key={length}>
                <input
                  type="radio"
                  name="response-length"
                  value={length}
                  checked={settings.responseLength === length}
                  onChange={() => change({ setting: 'responseLength', value: length })}
                />
                {lengths[length]}
              </label>
            ))}
          </div>
        </Choices>
        <UnitSlider
          label={t`Knowledge weight`}
          field="knowledgeWeight"
          value={settings.knowledgeWeight}
          low={t`General knowledge`}
          high={t`Only your documents`}
          hint={t`How strongly answers keep to your knowledge files rather than the model's general knowledge.`}
          onChange={(value) => change({ setting: 'knowledgeWeight', value })}
        />
      </Pair>
    </Section>
  );
}

/** The bot's style and behaviour (the spec's "other settings"), saved with the bot. */
export function StylePanel() {
  const { t } = useLingui();
  return (
    <Stack>
      <MessagesSection />
      <AnswersSection />
      <Section aria-labelledby="style-format-title">
        <h3 id="style-format-title">{t`Formatting`}</h3>
        <FlagField setting="useEmoji" label={t`Use emoji`} />
        <FlagField setting="useMarkdown" label={t`Use bold and italic text`} />
        <FlagField setting="useBullets" label={t`Use bullet points for lists`} />
      </Section>
      <Section aria-labelledby="style-behaviour-title">
        <h3 id="style-behaviour-title">{t`Behaviour`}</h3>
        <FlagField
          setting="autoReply"
          label={t`Reply automatically`}
          hint={t`When off, customer messages wait for your team instead of getting the bot's answer.`}
        />
        <FlagField setting="notifyOffline" label={t`Tell administrators when a number goes offline`} />
        <FlagField
          setting="saveHistory"
          label={t`Save chat history`}
          hint={t`Conversations appear in Chat history and can be analysed and exported.`}
        />
      </Section>
    </Stack>
  );
}
