import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { hasUnsavedChanges } from '../../machines/botEditor/botEditor.machine';
import type { BotField } from '../../machines/botEditor/botForm';
import { Card } from '../ui/Card';
import { TitleRow } from '../ui/Cluster';
import { Badge } from '../ui/Feedback';
import { Tab, TabList, TabPanel, TabProvider } from '../ui/Tabs';
import { media } from '../ui/theme';
import { BasicPanel } from './BasicPanel';
import { EditorFooter } from './EditorFooter';
import { useEditor, useEditorActor } from './editorContext';
import { KnowledgePanel } from './KnowledgePanel';
import { PromptPanel } from './PromptPanel';
import { TestChatPanel } from './TestChatPanel';

const TABS = ['basic', 'prompt', 'knowledge', 'test'] as const;
type TabKey = (typeof TABS)[number];
const PANELS: Record<TabKey, () => ReactNode> = {
  basic: BasicPanel,
  prompt: PromptPanel,
  knowledge: KnowledgePanel,
  test: TestChatPanel,
};
const tabId = (tab: TabKey) => `bot-settings-tab-${tab}`;

/** Where each field lives, to take the user there when a save is refused because of it. */
const TAB_OF: Record<BotField, TabKey> = {
  name: 'basic',
  model: 'basic',
  temperature: 'basic',
  maxTokens: 'basic',
  prompt: 'prompt',
};

const Frame = styled(Card)`
  padding: 0;
  display: grid;
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

/** The editor of one bot (or a new one): its title, the four tabs and the save footer. */
export function EditorForm() {
  const { t } = useLingui();
  const [tab, setTab] = useState<TabKey>('basic');
  const root = useRef<HTMLDivElement>(null);
  const isNew = useEditor((s) => s.hasTag('new'));
  const savedName = useEditor((s) => s.context.saved.name);
  const dirty = useEditor(hasUnsavedChanges);

  const actor = useEditorActor();
  const [focusField, setFocusField] = useState<BotField | null>(null);

  // A refused save points at its field: open its tab, then, once the panel is shown, focus the field.
  useEffect(() => {
    const subscription = actor.on('save.refused', ({ field }) => {
      setTab(TAB_OF[field]);
      setFocusField(field);
    });
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
    knowledge: t`Knowledge`,
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
          setSelectedId={(id) => setTab(TABS.find((key) => tabId(key) === id) ?? 'basic')}
        >
          <TabList aria-label={t`Chatbot settings`}>
            {TABS.map((key) => (
              <Tab key={key} id={tabId(key)}>
                {names[key]}
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
