import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function DashboardView() {
  return (
    <ScreenPlaceholder title={<Trans>Dashboard</Trans>}>
      <Trans>Your instances, conversations and bots at a glance will appear here.</Trans>
    </ScreenPlaceholder>
  );
}
