import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function PaymentSuccessView() {
  return (
    <ScreenPlaceholder title={<Trans>Payment successful</Trans>}>
      <Trans>Your payment details will appear here.</Trans>
    </ScreenPlaceholder>
  );
}
