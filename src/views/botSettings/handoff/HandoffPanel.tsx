import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import {
  DEFAULT_HANDOFF_MESSAGES,
  HANDOFF_LANGUAGES,
  type HandoffLanguage,
  type HandoffSettings,
  MAX_HANDOFF_MESSAGE_LENGTH,
  MAX_NO_ANSWER_LIMIT,
  MAX_PHRASE_LENGTH,
} from '../../../api/schemas/handoff';
import {
  handoffSettingsMachine,
  isDirty,
} from '../../../machines/botSettings/handoff/handoffSettings.machine';
import { useRegisterFlow } from '../../../machines/useFlow';
import { PAUSE_OPTIONS, pauseOf, pauseValue } from '../../handoff/pauses';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Muted } from '../../ui/Card';
import { Checkbox } from '../../ui/Controls';
import { ErrorPanel, NotOffered, PanelLoading } from '../../ui/Feedback';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { useLoadedActor } from '../../ui/loadedActor';
import { useText } from '../../ui/text';
import { useEditor } from '../context';
import { OpeningHours } from './OpeningHours';

type HandoffActor = ActorRefFrom<typeof handoffSettingsMachine>;

const LANGUAGE_NAMES: Record<HandoffLanguage, MessageDescriptor> = {
  en: msg`English`,
  'zh-CN': msg`Simplified Chinese`,
  'zh-TW': msg`Traditional Chinese`,
};
const NO_ANSWER_LIMITS = Array.from({ length: MAX_NO_ANSWER_LIMIT + 1 }, (_, n) => n);

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 760px;
`;
const Section = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: 0;
  legend { font-weight: ${({ theme }) => theme.font.weight.bold}; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    padding: 2px 4px 2px 10px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 999px;
  }
`;
const AddRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The Handoff tab (beyond the spec): when the bot hands a conversation to the team by itself, what it says
 * then, how long a person's reply pauses it, and the team's opening hours. Its own flow saves it.
 */
export default function HandoffPanel() {
  // The editor runs it through a stand-in that loads its code (lazyActor): the flow is the stand-in's child.
  const standIn = useEditor((s) => s.children.handoff as AnyActorRef | undefined);
  const actor = useLoadedActor<HandoffActor>(standIn);
  if (!standIn) {
    return (
      <Muted>
        <Trans>Save the chatbot first; then choose when it hands conversations to your team.</Trans>
      </Muted>
    );
  }
  if (!actor) return <PanelLoading />;
  return <HandoffForm actor={actor} />;
}

function HandoffForm({ actor }: { actor: HandoffActor }) {
  useRegisterFlow('handoffSettings', actor, handoffSettingsMachine);
  const { t, i18n } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      draft: s.context.draft,
      error: s.context.error,
      dirty: isDirty(s.context),
      loading: s.hasTag('loading'),
      failed: s.hasTag('loadFailed'),
      saving: s.hasTag('saving'),
      notOffered: s.hasTag('notOffered'),
    }),
    shallowEqual,
  );
  const [phrase, setPhrase] = useState('');
  const change = (patch: Partial<HandoffSettings>) => actor.send({ type: 'draft.changed', patch });

  if (view.notOffered) {
    return (
      <NotOffered>
        <Trans>This server does not offer handoff settings: the bot answers every conversation.</Trans>
      </NotOffered>
    );
  }
  if (view.loading) return <PanelLoading>{t`Loading the handoff settings…`}</PanelLoading>;
  if (view.failed) {
    return (
      <ErrorPanel
        title={<Trans>Could not load the handoff settings</Trans>}
        message={view.error ? text(view.error) : undefined}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  const { draft } = view;
  const addPhrase = () => {
    const added = phrase.trim();
    if (!added) return;
    // A phrase already listed is not listed twice.
    if (!draft.phrases.some((p) => p.toLowerCase() === added.toLowerCase())) {
      change({ phrases: [...draft.phrases, added] });
    }
    setPhrase('');
  };

  return (
    <Stack
      as="form"
      aria-label={t`Handoff`}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        actor.send({ type: 'save' });
      }}
    >
      <Section>
        <legend>
          <Trans>When the bot hands a conversation to your team</Trans>
        </legend>
        <Muted>
          <Trans>
            When a customer asks for a person, for example “talk to a person”, “转人工” or “真人”, in any of
            the three languages, the conversation waits under “Needs a person”.
          </Trans>
        </Muted>
        {draft.phrases.length > 0 && (
          <Chips aria-label={t`Your own phrases`}>
            {draft.phrases.map((p) => (
              <li key={p}>
                {p}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t`Remove “${p}”`}
                  onClick={() => change({ phrases: draft.phrases.filter((q) => q !== p) })}
                >
                  ×
                </Button>
              </li>
            ))}
          </Chips>
        )}
        <AddRow>
          <TextField
            label={<Trans>Another phrase that asks for a person</Trans>}
            value={phrase}
            maxLength={MAX_PHRASE_LENGTH}
            onChange={(e) => setPhrase(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              addPhrase();
            }}
          />
          <Button onClick={addPhrase} disabled={!phrase.trim()}>
            <Trans>Add</Trans>
          </Button>
        </AddRow>
        <SelectField
          label={<Trans>When the bot had no answer this many times in a row</Trans>}
          value={String(draft.noAnswerLimit)}
          onChange={(e) => change({ noAnswerLimit: Number(e.target.value) })}
        >
          {NO_ANSWER_LIMITS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t`Never` : String(n)}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label={<Trans>When the customer sounds unhappy</Trans>}
          checked={draft.negativeMood}
          onChange={(e) => change({ negativeMood: e.target.checked })}
        />
      </Section>

      <Section>
        <legend>
          <Trans>What the bot says as it hands off</Trans>
        </legend>
        {HANDOFF_LANGUAGES.map((language) => (
          <TextAreaField
            key={language}
            label={i18n._(LANGUAGE_NAMES[language])}
            lang={language}
            rows={2}
            maxLength={MAX_HANDOFF_MESSAGE_LENGTH}
            placeholder={DEFAULT_HANDOFF_MESSAGES[language]}
            hint={<Trans>Empty: the default shown.</Trans>}
            value={draft.message[language]}
            onChange={(e) => change({ message: { ...draft.message, [language]: e.target.value } })}
          />
        ))}
      </Section>

      <Section>
        <legend>
          <Trans>After a person replies</Trans>
        </legend>
        <SelectField
          label={<Trans>The bot pauses in that conversation for</Trans>}
          hint={<Trans>Also when you reply from the WhatsApp phone itself.</Trans>}
          value={pauseValue(draft.defaultPauseMinutes)}
          onChange={(e) => change({ defaultPauseMinutes: pauseOf(e.target.value) ?? null })}
        >
          {PAUSE_OPTIONS.map((p) => (
            <option key={p.value} value={p.value}>
              {i18n._(p.label)}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section>
        <legend>
          <Trans>Opening hours</Trans>
        </legend>
        <OpeningHours hours={draft.hours} onChange={(hours) => change({ hours })} />
      </Section>

      {view.error && <Alert>{text(view.error)}</Alert>}
      <Actions>
        <Button type="submit" variant="primary" disabled={view.saving || !view.dirty}>
          {view.saving ? <Trans>Saving…</Trans> : <Trans>Save handoff settings</Trans>}
        </Button>
        {view.dirty && !view.saving && (
          <Button onClick={() => actor.send({ type: 'draft.discarded' })}>
            <Trans>Discard changes</Trans>
          </Button>
        )}
      </Actions>
    </Stack>
  );
}
