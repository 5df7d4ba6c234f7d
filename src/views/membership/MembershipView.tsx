import { Trans } from '@lingui/react/macro';
import { ScreenPlaceholder } from '../ui/ScreenPlaceholder';

export function MembershipView() {
  return (
    <ScreenPlaceholder title={<Trans>Membership management</Trans>}>
      <Trans>Create, edit and delete membership plans here.</Trans>
    </ScreenPlaceholder>
  );
}
