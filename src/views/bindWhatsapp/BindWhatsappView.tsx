import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function BindWhatsappView() {
  return (
    <ScreenPlaceholder title={<Trans>Bind WhatsApp</Trans>}>
      <Trans>Connect WhatsApp numbers by scanning a QR code here.</Trans>
    </ScreenPlaceholder>
  );
}
