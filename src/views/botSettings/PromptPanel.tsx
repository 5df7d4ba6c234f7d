import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import type { Locale } from '../../i18n/locales';
import { COMPANY_PLACEHOLDER, hasCompanyPlaceholder } from '../../machines/botSettings/companyPlaceholder';
import { PROMPT_TEXTAREA_ROWS } from '../../machines/constants';
import { Alert } from '../ui/Alert';
import { Muted } from '../ui/Card';
import { TextAreaField } from '../ui/Field';
import { CheckIcon } from '../ui/icons';
import { TileGrid } from '../ui/TileGrid';
import { useEditor, useEditorActor } from './context';
import { PromptHistory } from './PromptHistory';
import { type OptimizerActor, PromptOptimizer } from './PromptOptimizer';
import {
  loadTemplates,
  TEMPLATE_IDS,
  TEMPLATE_NAMES,
  type TemplateId,
  type TemplateTexts,
} from './templates/catalog';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  textarea { font-family: ${({ theme }) => theme.font.mono}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: -${({ theme }) => theme.space(3)};
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 { font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Grid = styled(TileGrid).attrs({ $min: 220, $gap: 2 } as const)`
  margin-top: ${({ theme }) => theme.space(1)};
`;

const TemplateCard = styled.div`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &:has(button:disabled) { opacity: 0.6; }
  button {
    all: unset;
    font-weight: ${({ theme }) => theme.font.weight.bold};
    cursor: pointer;
    /* The whole card is the button's click area. */
    &::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
    &:focus-visible::after { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
    &:disabled { cursor: progress; }
  }
  p {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const InUse = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.text};
  svg { color: ${({ theme }) => theme.color.success}; }
`;

/** The templates of the interface language, loaded with their own chunk when first needed. */
function useTemplates(locale: Locale) {
  const [loaded, setLoaded] = useState<{ locale: Locale; texts: TemplateTexts } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadTemplates(locale).then(
      (texts) => live && setLoaded({ locale, texts }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return { texts: loaded?.locale === locale ? loaded.texts : null, failed };
}

/** The first sentence of a template, as a preview of its role. */
const firstSentence = (text: string) => /^[^\n]*?[.。]/.exec(text)?.[0] ?? text.split('\n')[0] ?? '';

function TemplateOption({
  id,
  texts,
  prompt,
}: {
  id: TemplateId;
  texts: TemplateTexts | null;
  prompt: string;
}) {
  const { t, i18n } = useLingui();
  const actor = useEditorActor();
  const previewId = useId();
  const text = texts?.[id];
  return (
    <TemplateCard>
      <button
        type="button"
        disabled={!text}
        aria-describedby={text ? previewId : undefined}
        onClick={() => text && actor.send({ type: 'template.chosen', prompt: text })}
      >
        {i18n._(TEMPLATE_NAMES[id])}
      </button>
      {text && <p id={previewId}>{firstSentence(text)}</p>}
      {text && text === prompt && (
        <InUse>
          <CheckIcon size={14} />
          {t`In use`}
        </InUse>
      )}
    </TemplateCard>
  );
}

/** The system prompt and the 11 industry templates (spec section 2, Prompt). */
export function PromptPanel() {
  const { t, i18n } = useLingui();
  const actor = useEditorActor();
  const prompt = useEditor((s) => s.context.form.prompt);
  const invalid = useEditor((s) => s.context.invalidField === 'prompt');
  const { texts, failed } = useTemplates(i18n.locale as Locale);
  const placeholder = COMPANY_PLACEHOLDER;
  const optimizer = useEditor((s) => s.children.optimizer as OptimizerActor | undefined);

  return (
    <Stack>
      <TextAreaField
        label={t`System prompt`}
        data-field="prompt"
        rows={PROMPT_TEXTAREA_ROWS}
        value={prompt}
        aria-invalid={invalid || undefined}
        hint={t`Tells the bot who it is, what it does and how it speaks. Start from a template below.`}
        onChange={(e) => actor.send({ type: 'field.changed', field: 'prompt', value: e.target.value })}
      />
      <Tools>
        <PromptHistory />
      </Tools>
      {optimizer && <PromptOptimizer optimizer={optimizer} />}
      {hasCompanyPlaceholder(prompt) && (
        <Alert tone="info">{t`Replace ${placeholder} with the name of your business before you save.`}</Alert>
      )}
      <Section aria-labelledby="prompt-templates-title">
        <h3 id="prompt-templates-title">{t`Industry templates`}</h3>
        <Muted>{t`Each is a complete role with responsibilities, rules, tone and examples. Choosing one fills the prompt.`}</Muted>
        {failed && (
          <Alert>{t`The templates could not be loaded. Check your connection and reload the page.`}</Alert>
        )}
        <Grid>
          {TEMPLATE_IDS.map((id) => (
            <TemplateOption key={id} id={id} texts={texts} prompt={prompt} />
          ))}
        </Grid>
      </Section>
    </Stack>
  );
}
