import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function BotSettingsView() {
  return (
    <ScreenPlaceholder title={<Trans>Bot settings</Trans>}>
      <Trans>Create and tune your chatbots here: model, prompt, knowledge files and a test chat.</Trans>
    </ScreenPlaceholder>
  );
}
