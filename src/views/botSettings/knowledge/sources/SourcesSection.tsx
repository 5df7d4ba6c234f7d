import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import {
  MAX_CRAWL_DEPTH,
  MIN_CRAWL_DEPTH,
  type SyncSchedule,
} from '../../../../api/schemas/knowledgeSources';
import type {
  SourceDraft,
  SourceDraftField,
} from '../../../../machines/botSettings/knowledge/sources/sourceDraft';
import { sourcesKnowledgeMachine } from '../../../../machines/botSettings/knowledge/sources/sourcesKnowledge.machine';
import { useRegisterFlow } from '../../../../machines/useFlow';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { Cluster, SpreadRow } from '../../../ui/Cluster';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorPanel, NotOffered, PanelLoading } from '../../../ui/Feedback';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { useLoadedActor } from '../../../ui/loadedActor';
import { PlainList } from '../../../ui/PlainList';
import { useText } from '../../../ui/text';
import { useEditor } from '../../context';
import { KnowledgeSection } from '../../KnowledgeSection';
import { CrawlPanel } from './CrawlPanel';
import { SourceItem } from './SourceItem';
import { hostOf, useScheduleLabels } from './sourceText';

export type SourcesActor = ActorRefFrom<typeof sourcesKnowledgeMachine>;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;
const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * The websites the bot learns from (beyond the spec): each crawled to a depth, re-synced by hand or on a
 * schedule, with what the last sync changed and the open crawl page by page. Its flow is the editor's.
 */
export default function SourcesSection() {
  const standIn = useEditor((s) => s.children.sources as AnyActorRef | undefined);
  const actor = useLoadedActor<SourcesActor>(standIn);
  return (
    <KnowledgeSection
      id="sources-title"
      title={<Trans>Websites</Trans>}
      description={
        <Trans>Pages of your own websites the bot reads and keeps up to date, such as a help centre.</Trans>
      }
    >
      {!standIn ? (
        <Muted>
          <Trans>Save the chatbot first, then add the websites it learns from.</Trans>
        </Muted>
      ) : actor ? (
        <Sources actor={actor} />
      ) : (
        <PanelLoading />
      )}
    </KnowledgeSection>
  );
}

function Sources({ actor }: { actor: SourcesActor }) {
  useRegisterFlow('sourcesKnowledge', actor, sourcesKnowledgeMachine);
  const { t } = useLingui();
  const text = useText();
  // The open crawl is read again only while this is on screen.
  useEffect(() => {
    actor.send({ type: 'section.shown' });
    return () => actor.send({ type: 'section.hidden' });
  }, [actor]);
  const view = useSelector(
    actor,
    (s) => ({
      sources: s.context.sources,
      pages: s.context.pages,
      drafting: s.context.draft !== null,
      openId: s.context.openId,
      target: s.context.target,
      error: s.context.error,
      loading: s.hasTag('loading'),
      failed: s.hasTag('loadFailed'),
      busy: s.hasTag('busy'),
      confirming: s.hasTag('confirming'),
      notOffered: s.hasTag('notOffered'),
      canAdd: s.can({ type: 'draft.open' }),
    }),
    shallowEqual,
  );
  if (view.notOffered) {
    return (
      <NotOffered>
        <Trans>This server does not offer website sources: the bot learns from its files.</Trans>
      </NotOffered>
    );
  }
  if (view.failed) {
    return (
      <ErrorPanel
        title={<Trans>Could not load the websites</Trans>}
        message={view.error ? text(view.error) : undefined}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  const { used, max } = view.pages;
  const deleting = view.sources.find((s) => s.id === view.target?.id);
  const host = deleting ? hostOf(deleting.url) : '';
  return (
    <>
      <SpreadRow>
        <Muted role="status">
          {view.loading ? (
            <Trans>Loading the websites…</Trans>
          ) : max === null ? (
            <Plural value={used} one="# page" other="# pages" />
          ) : (
            <Trans>
              {used} of {max} pages
            </Trans>
          )}
        </Muted>
        {!view.drafting && (
          <Button onClick={() => actor.send({ type: 'draft.open' })} disabled={!view.canAdd}>
            <Trans>Add a website</Trans>
          </Button>
        )}
      </SpreadRow>
      {view.drafting && <SourceForm actor={actor} />}
      {!view.loading && max !== null && used >= max && (
        <Muted>
          <Trans>The bot holds as many pages as its plan allows: delete a website to add another.</Trans>
        </Muted>
      )}
      {!view.drafting && view.error && !view.confirming && <Alert>{text(view.error)}</Alert>}
      {view.sources.length > 0 && (
        <PlainList $gap={2} aria-label={t`Websites`}>
          {view.sources.map((source) => (
            <SourceItem key={source.id} actor={actor} source={source} open={source.id === view.openId} />
          ))}
        </PlainList>
      )}
      {view.openId && <CrawlPanel actor={actor} />}
      <ConfirmDialog
        open={view.confirming}
        title={<Trans>Delete this website?</Trans>}
        description={<Trans>The bot forgets the pages of {host}. You can add it again later.</Trans>}
        confirmLabel={<Trans>Delete the website</Trans>}
        busy={view.busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      >
        {view.confirming && view.error && <Alert>{text(view.error)}</Alert>}
      </ConfirmDialog>
    </>
  );
}

function SourceForm({ actor }: { actor: SourcesActor }) {
  const { t } = useLingui();
  const text = useText();
  const schedules = useScheduleLabels();
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fields = {
    url: useRef<HTMLInputElement>(null),
    include: useRef<HTMLTextAreaElement>(null),
    exclude: useRef<HTMLTextAreaElement>(null),
  } satisfies Record<SourceDraftField, unknown>;
  // A draft refused before sending: the field it is about gets the focus.
  useEffect(() => {
    const subscription = actor.on('draft.refused', ({ field }) => fields[field].current?.focus());
    return () => subscription.unsubscribe();
  });
  if (!draft) return null;
  const change = (patch: Partial<SourceDraft>) => actor.send({ type: 'draft.changed', patch });
  return (
    <Form
      aria-label={t`New website`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'draft.submit' });
      }}
    >
      <TextField
        ref={fields.url}
        label={<Trans>Website address</Trans>}
        hint={
          <Trans>
            Only public http:// or https:// addresses. The crawler follows links on the same site.
          </Trans>
        }
        inputMode="url"
        autoComplete="url"
        placeholder="https://help.example.com"
        value={draft.url}
        invalid={error !== null}
        onChange={(e) => change({ url: e.target.value })}
      />
      <Pair>
        <SelectField
          label={<Trans>Depth</Trans>}
          hint={<Trans>How many links away from this page to follow.</Trans>}
          value={String(draft.depth)}
          onChange={(e) => change({ depth: Number(e.target.value) })}
        >
          {Array.from({ length: MAX_CRAWL_DEPTH - MIN_CRAWL_DEPTH + 1 }, (_, i) => MIN_CRAWL_DEPTH + i).map(
            (depth) => (
              <option key={depth} value={depth}>
                {t`${depth} links deep`}
              </option>
            ),
          )}
        </SelectField>
        <SelectField
          label={<Trans>Re-sync</Trans>}
          value={draft.schedule}
          onChange={(e) => change({ schedule: e.target.value as SyncSchedule })}
        >
          {schedules.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </Pair>
      <Pair>
        <TextAreaField
          ref={fields.include}
          label={<Trans>Only these paths (optional)</Trans>}
          hint={<Trans>One a line, from the site's root; * stands for any characters, as in /help/*.</Trans>}
          rows={2}
          value={draft.include}
          onChange={(e) => change({ include: e.target.value })}
        />
        <TextAreaField
          ref={fields.exclude}
          label={<Trans>Skip these paths (optional)</Trans>}
          hint={<Trans>One a line, as in /careers or /blog/*.</Trans>}
          rows={2}
          value={draft.exclude}
          onChange={(e) => change({ exclude: e.target.value })}
        />
      </Pair>
      {error && <Alert>{text(error)}</Alert>}
      <Cluster>
        <Button type="submit" variant="primary" disabled={busy}>
          <Trans>Add and crawl</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'draft.cancel' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Cluster>
    </Form>
  );
}
