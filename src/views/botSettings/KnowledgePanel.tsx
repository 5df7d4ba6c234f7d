import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import styled from 'styled-components';
import { Muted } from '../ui/Card';
import { PanelLoading } from '../ui/Feedback';
import { useEditor } from './context';
import { type DatabaseActor, DatabaseSection } from './DatabaseDialog';
import { Integrations } from './Integrations';
import { KnowledgeFiles, type UploadsActor } from './KnowledgeFiles';
import { lazyKnowledge } from './knowledge/lazyKnowledge';

// Beyond the spec: its code (and its flow's, and its texts) loads with the tab.
const QaSection = lazyKnowledge(() => import('./knowledge/qa/QaSection'));
const SourcesSection = lazyKnowledge(() => import('./knowledge/sources/SourcesSection'));

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: ${({ theme }) => theme.font.size.md}; }
`;

/** Knowledge files and external sources (spec section 2, Knowledge). */
export function KnowledgePanel() {
  const { t } = useLingui();
  // The upload queue is the editor's child; it lives as long as the form.
  const uploads = useEditor((s) => s.children.uploads as UploadsActor | undefined);
  // Only a saved bot has one (none in new mode).
  const database = useEditor((s) => s.children.database as DatabaseActor | undefined);
  return (
    <Stack>
      <Section aria-labelledby="knowledge-files-title">
        <div>
          <h3 id="knowledge-files-title">{t`Knowledge files`}</h3>
          <Muted>{t`The bot answers from these documents. New and removed files take effect when you save.`}</Muted>
        </div>
        {uploads && <KnowledgeFiles uploads={uploads} />}
      </Section>
      <Section aria-labelledby="qa-title">
        <div>
          <h3 id="qa-title">{t`Questions and answers`}</h3>
          <Muted>{t`Answers you write yourself: the bot uses one when a customer asks its question, or a close one.`}</Muted>
        </div>
        <Suspense fallback={<PanelLoading />}>
          <QaSection />
        </Suspense>
      </Section>
      <Section aria-labelledby="sources-title">
        <div>
          <h3 id="sources-title">{t`Websites`}</h3>
          <Muted>{t`Pages of your own websites the bot reads and keeps up to date, such as a help centre.`}</Muted>
        </div>
        <Suspense fallback={<PanelLoading />}>
          <SourcesSection />
        </Suspense>
      </Section>
      <Section aria-labelledby="integrations-title">
        <div>
          <h3 id="integrations-title">{t`Connect a source`}</h3>
          <Muted>{t`Let the bot learn from the tools your team already uses.`}</Muted>
        </div>
        <Integrations />
      </Section>
      <Section aria-labelledby="database-title">
        <div>
          <h3 id="database-title">{t`External database`}</h3>
          <Muted>{t`Let the bot look up answers in your own database, such as orders or stock.`}</Muted>
        </div>
        {database ? (
          <DatabaseSection database={database} />
        ) : (
          <Muted>{t`Save the chatbot first, then connect its database.`}</Muted>
        )}
      </Section>
    </Stack>
  );
}
