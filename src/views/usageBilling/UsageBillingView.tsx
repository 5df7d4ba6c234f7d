import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function UsageBillingView() {
  return (
    <ScreenPlaceholder title={<Trans>Usage and billing</Trans>}>
      <Trans>Your subscription, usage and plans will appear here.</Trans>
    </ScreenPlaceholder>
  );
}
