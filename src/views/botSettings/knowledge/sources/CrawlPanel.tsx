import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { CrawlPage, SourceDetail } from '../../../../api/schemas/knowledgeSources';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SpreadRow } from '../../../ui/Cluster';
import { Badge, PanelLoading } from '../../../ui/Feedback';
import type { SourcesActor } from './SourcesSection';
import { hostOf, useStatusLabel, WebAddress } from './sourceText';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; overflow-wrap: anywhere; }
  progress { width: 100%; accent-color: ${({ theme }) => theme.color.primary}; }
  label { font-size: ${({ theme }) => theme.font.size.sm}; }
`;
const Pages = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  /* A site of many pages scrolls within the panel (the list takes the focus, so keys scroll it too). */
  max-height: 420px;
  overflow-y: auto;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
  }
  a, span { overflow-wrap: anywhere; }
  small { display: block; color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const PAGE_TONES = { queued: 'neutral', fetched: 'success', failed: 'danger' } as const;

/** The open source's crawl page by page: progress (said politely as it moves), each page's state, Cancel. */
export function CrawlPanel({ actor }: { actor: SourcesActor }) {
  const { t } = useLingui();
  const titleId = useId();
  const progressId = useId();
  const view = useSelector(
    actor,
    (s) => ({
      open: s.context.open,
      stalled: s.hasTag('watchFailed'),
      canCancel: s.context.open !== null && s.can({ type: 'source.cancel', id: s.context.open.id }),
    }),
    shallowEqual,
  );
  const { open } = view;
  if (!open) return <PanelLoading>{t`Reading the crawl…`}</PanelLoading>;
  const pages = open.pages;
  const fetched = pages.filter((p) => p.status === 'fetched').length;
  const failed = pages.filter((p) => p.status === 'failed').length;
  const done = fetched + failed;
  const host = hostOf(open.url);
  const pageLabel = { queued: t`Queued`, fetched: t`Fetched`, failed: t`Failed` };
  return (
    <Panel aria-labelledby={titleId}>
      <SpreadRow>
        <h4 id={titleId}>
          <Trans>The crawl of {host}</Trans>
        </h4>
        {view.canCancel && (
          <Button
            size="sm"
            variant="danger"
            onClick={() => actor.send({ type: 'source.cancel', id: open.id })}
          >
            <Trans>Cancel the crawl</Trans>
          </Button>
        )}
      </SpreadRow>
      <label htmlFor={progressId}>
        <Trans>Progress</Trans>
      </label>
      <progress id={progressId} max={Math.max(pages.length, 1)} value={done} />
      <p aria-live="polite">
        <Summary open={open} done={done} fetched={fetched} failed={failed} />
      </p>
      {view.stalled && (
        <Alert tone="warning">
          <Trans>Could not read how far the crawl is.</Trans>{' '}
          <Button size="sm" onClick={() => actor.send({ type: 'watch.refresh' })}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {pages.length > 0 && (
        <Pages aria-label={t`Pages of ${host}`} tabIndex={0}>
          {pages.map((page) => (
            <PageRow key={page.url} page={page} label={pageLabel[page.status]} />
          ))}
        </Pages>
      )}
    </Panel>
  );
}

function PageRow({ page, label }: { page: CrawlPage; label: string }) {
  const reason = page.reason;
  return (
    <li>
      <div>
        <WebAddress url={page.url} />
        {page.title && <small>{page.title}</small>}
        {page.status === 'failed' && page.reason && (
          <small>
            <Trans>Why: {reason}</Trans>
          </small>
        )}
      </div>
      <Badge $tone={PAGE_TONES[page.status]}>{label}</Badge>
    </li>
  );
}

function Summary({
  open,
  done,
  fetched,
  failed,
}: {
  open: SourceDetail;
  done: number;
  fetched: number;
  failed: number;
}) {
  const statusLabel = useStatusLabel();
  const total = open.pages.length;
  const status = statusLabel(open.status);
  if (open.status === 'crawling') {
    return (
      <Trans>
        Crawling: {done} of {total} pages read, {failed} failed.
      </Trans>
    );
  }
  if (open.status === 'failed') return <Trans>The crawl failed: no page could be read.</Trans>;
  return (
    <Trans>
      {status}: {fetched} pages fetched, {failed} failed.
    </Trans>
  );
}
