import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function ChatHistoryView() {
  return (
    <ScreenPlaceholder title={<Trans>Chat history</Trans>}>
      <Trans>Search, read, analyse and export customer conversations here.</Trans>
    </ScreenPlaceholder>
  );
}
