import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import styled from 'styled-components';
import { Muted } from '../ui/Card';
import { PanelLoading } from '../ui/Feedback';
import { useEditor } from './context';
import { type DatabaseActor, DatabaseSection } from './DatabaseDialog';
import { Integrations } from './Integrations';
import { KnowledgeFiles, type UploadsActor } from './KnowledgeFiles';
import { KnowledgeSection } from './KnowledgeSection';
import { lazyKnowledge } from './knowledge/lazyKnowledge';

// Beyond the spec: its code (and its flow's, and its texts) loads with the tab.
const QaSection = lazyKnowledge(() => import('./knowledge/qa/QaSection'));
// These bring their headings too, so that their texts are all in the knowledge catalog.
const UnansweredSection = lazyKnowledge(() => import('./knowledge/unanswered/UnansweredSection'));
const RetrievalSection = lazyKnowledge(() => import('./knowledge/retrieval/RetrievalSection'));
const SourcesSection = lazyKnowledge(() => import('./knowledge/sources/SourcesSection'));

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
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
      <KnowledgeSection
        id="knowledge-files-title"
        title={t`Knowledge files`}
        description={t`The bot answers from these documents. New and removed files take effect when you save.`}
      >
        {uploads && <KnowledgeFiles uploads={uploads} />}
      </KnowledgeSection>
      <KnowledgeSection
        id="knowledge-qa-title"
        title={t`Questions and answers`}
        description={t`Answers you write yourself: the bot uses one when a customer asks its question, or a close one.`}
      >
        <Suspense fallback={<PanelLoading />}>
          <QaSection />
        </Suspense>
      </KnowledgeSection>
      {/* These bring their headings, in the knowledge texts. */}
      <Suspense fallback={<PanelLoading />}>
        <UnansweredSection />
      </Suspense>
      <Suspense fallback={<PanelLoading />}>
        <SourcesSection />
      </Suspense>
      <Suspense fallback={<PanelLoading />}>
        <RetrievalSection />
      </Suspense>
      <KnowledgeSection
        id="integrations-title"
        title={t`Connect a source`}
        description={t`Let the bot learn from the tools your team already uses.`}
      >
        <Integrations />
      </KnowledgeSection>
      <KnowledgeSection
        id="database-title"
        title={t`External database`}
        description={t`Let the bot look up answers in your own database, such as orders or stock.`}
      >
        {database ? (
          <DatabaseSection database={database} />
        ) : (
          <Muted>{t`Save the chatbot first, then connect its database.`}</Muted>
        )}
      </KnowledgeSection>
    </Stack>
  );
}
