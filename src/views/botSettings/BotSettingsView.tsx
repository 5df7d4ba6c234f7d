import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  type BotSettingsLocation,
  botEditorMachine,
  toBotTab,
} from '../../machines/botSettings/botEditor.machine';
import { PATHS } from '../../machines/paths';
import { signedInUserId } from '../../machines/root/session/session.machine';
import { useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Card, PageSubtitle, ScreenHeader } from '../ui/Card';
import { ErrorPanel, PanelLoading } from '../ui/Feedback';
import { MissingPanel } from '../ui/MissingPanel';
import { useText } from '../ui/text';
import { segmentBelow, useAddressSync } from '../ui/useAddressSync';
import { BotPicker } from './BotPicker';
import { EditorActorProvider, useEditor, useEditorActor } from './context';
import { EditorDialogs } from './EditorDialogs';
import { EditorForm } from './EditorForm';

const Panel = styled(Card)`
  padding: 0;
  overflow: hidden;
`;

/** Where the editor is, from its tags: the list or one bot is loading or failed, or the form is there. */
function usePhase() {
  return useEditor((s) => {
    if (s.hasTag('botNotFound')) return 'notFound' as const;
    if (s.hasTag('botError')) return 'botFailed' as const;
    if (s.hasTag('error')) return 'listFailed' as const;
    if (s.hasTag('botLoading')) return 'botLoading' as const;
    if (s.hasTag('loading')) return 'listLoading' as const;
    return 'ready' as const;
  });
}

function EditorPanel() {
  const { t } = useLingui();
  const text = useText();
  const actor = useEditorActor();
  const phase = usePhase();
  const error = useEditor((s) => s.context.loadError);
  const retry = () => actor.send({ type: 'load.retried' });

  if (phase === 'ready') return <EditorForm />;
  if (phase === 'notFound')
    return (
      <Panel>
        <MissingPanel
          title={<Trans>Chatbot not found</Trans>}
          actionLabel={<Trans>Show my chatbots</Trans>}
          onAction={() => actor.send({ type: 'bot.listRequested' })}
        >
          <Trans>
            This chatbot does not exist, belongs to another account or was deleted. Check the link, or choose
            one of your chatbots.
          </Trans>
        </MissingPanel>
      </Panel>
    );
  return (
    <Panel aria-busy={phase.endsWith('Loading')}>
      {phase === 'listLoading' && <PanelLoading>{t`Loading your chatbots…`}</PanelLoading>}
      {phase === 'botLoading' && <PanelLoading>{t`Loading the chatbot…`}</PanelLoading>}
      {(phase === 'listFailed' || phase === 'botFailed') && (
        <ErrorPanel
          title={<Trans>Load failed</Trans>}
          message={error ? text(error) : undefined}
          onRetry={retry}
        />
      )}
    </Panel>
  );
}

/** What the address names: the bot (`/bot-settings/:botId`) and the tab (`?tab=`), read from the browser. */
function readLocation(): BotSettingsLocation {
  return {
    botId: segmentBelow(PATHS.botSettings),
    tab: toBotTab(new URLSearchParams(location.search).get('tab')),
  };
}

export function BotSettingsView() {
  const userId = useSession((s) => signedInUserId(s.context));
  const [address] = useState(readLocation);
  const actor = useFlow('botEditor', botEditorMachine, { input: { userId, ...address } });
  useAddressSync(actor, readLocation);
  // The session may learn the user after the screen started (or lose it).
  useEffect(() => actor.send({ type: 'user.changed', userId }), [actor, userId]);

  return (
    <EditorActorProvider value={actor}>
      <ScreenHeader
        title={<Trans>Bot settings</Trans>}
        subtitle={
          <PageSubtitle>
            <Trans>
              Create your chatbots, give each a prompt and knowledge files, and talk to them before your
              customers do.
            </Trans>
          </PageSubtitle>
        }
      >
        <BotPicker />
      </ScreenHeader>
      <EditorPanel />
      <EditorDialogs />
    </EditorActorProvider>
  );
}
