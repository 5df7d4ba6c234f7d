import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { BOT_TABS, type BotTab, hasUnsavedChanges } from '../../machines/botSettings/botEditor.machine';
import type { BotField } from '../../machines/botSettings/botForm';
import { Card } from '../ui/Card';
import { TitleRow } from '../ui/Cluster';
import { Badge, PanelLoading } from '../ui/Feedback';
import { Tab, TabList, TabPanel, TabProvider } from '../ui/Tabs';
import { media } from '../ui/theme';
import { BasicPanel } from './BasicPanel';
import { useEditor, useEditorActor } from './context';
import { EditorFooter } from './EditorFooter';
import { KnowledgePanel } from './KnowledgePanel';
import { PromptPanel } from './PromptPanel';
import { StylePanel } from './StylePanel';
import { TestChatPanel } from './TestChatPanel';
import { UNANSWERED_BADGE_ID, UnansweredBadge, useUnansweredCount } from './UnansweredBadge';

const TABS = BOT_TABS;
type TabKey = BotTab;
// Beyond the spec, on its own tab: its code loads when the tab is first shown.
const HandoffPanel = lazy(() => import('./handoff/HandoffPanel'));

function HandoffTab() {
  const shown = useEditor((s) => s.context.tab === 'handoff');
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={<PanelLoading />}>
      <HandoffPanel />
    </Suspense>
  );
}

const PANELS: Record<TabKey, () => ReactNode> = {
  basic: BasicPanel,
  prompt: PromptPanel,
  style: StylePanel,
  knowledge: KnowledgePanel,
  handoff: HandoffTab,
  test: TestChatPanel,
};
const tabId = (tab: TabKey) => `bot-settings-tab-${tab}`;

const Frame = styled(Card)`
  padding: 0;
  display: grid;
  /* One column no wider than the card: the tab list scrolls sideways on a phone rather than widen the card. */
  grid-template-columns: minmax(0, 1fr);
`;

const Head = styled(TitleRow)`
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(2)};
  @media ${media.below('mobile')} {
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(2)};
  }
`;

const Tabs = styled.div`
  padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  @media ${media.below('mobile')} {
    padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  }
`;

/** The editor of one bot (or a new one): its title, the tabs and the save footer. */
export function EditorForm() {
  const { t } = useLingui();
  // The tab is the editor's (and the address's): Back and Forward move between tabs.
  const tab = useEditor((s) => s.context.tab);
  const root = useRef<HTMLDivElement>(null);
  const isNew = useEditor((s) => s.hasTag('new'));
  const savedName = useEditor((s) => s.context.saved.name);
  const dirty = useEditor(hasUnsavedChanges);
  // Beyond the spec: the Knowledge tab shows how many unanswered questions are open.
  const unanswered = useUnansweredCount();

  const actor = useEditorActor();
  const [focusField, setFocusField] = useState<BotField | null>(null);

  // A refused save points at its field: the editor opens its tab; once the panel is shown, focus the field.
  useEffect(() => {
    const subscription = actor.on('save.refused', ({ field }) => setFocusField(field));
    return () => subscription.unsubscribe();
  }, [actor]);
  useEffect(() => {
    if (!focusField) return;
    const field = root.current?.querySelector<HTMLElement>(`[data-field="${focusField}"]`);
    const panel = field?.closest<HTMLElement>('[role="tabpanel"]');
    if (!field || !panel) return;
    const focus = () => {
      field.focus();
      setFocusField(null);
    };
    // The tab library shows the panel a render after the tab changes: focus once it is no longer hidden.
    const shown = () => !panel.hidden && panel.style.display !== 'none';
    if (shown()) return focus();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      focus();
    });
    observer.observe(panel, { attributes: true, attributeFilter: ['hidden', 'style'] });
    return () => observer.disconnect();
  }, [focusField]);

  const names: Record<TabKey, string> = {
    basic: t`Basic`,
    prompt: t`Prompt`,
    style: t`Style`,
    knowledge: t`Knowledge`,
    handoff: t`Handoff`,
    test: t`Test`,
  };

  return (
    <Frame ref={root} aria-labelledby="bot-editor-title">
      <Head>
        <h2 id="bot-editor-title">{isNew ? <Trans>New chatbot</Trans> : savedName}</h2>
        {dirty && <Badge $tone="warning">{t`Unsaved changes`}</Badge>}
      </Head>
      <Tabs>
        <TabProvider
          selectedId={tabId(tab)}
          setSelectedId={(id) => {
            const next = TABS.find((key) => tabId(key) === id);
            if (next && next !== tab) actor.send({ type: 'tab.selected', tab: next });
          }}
        >
          <TabList aria-label={t`Chatbot settings`}>
            {TABS.map((key) => (
              <Tab
                key={key}
                id={tabId(key)}
                aria-describedby={key === 'knowledge' && unanswered > 0 ? UNANSWERED_BADGE_ID : undefined}
              >
                {names[key]}
                {key === 'knowledge' && unanswered > 0 && <UnansweredBadge count={unanswered} />}
              </Tab>
            ))}
          </TabList>
          {TABS.map((key) => {
            const Panel = PANELS[key];
            return (
              <TabPanel key={key} tabId={tabId(key)}>
                <Panel />
              </TabPanel>
            );
          })}
        </TabProvider>
      </Tabs>
      <EditorFooter />
    </Frame>
  );
}
