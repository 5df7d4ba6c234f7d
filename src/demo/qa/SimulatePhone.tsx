import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { givenInstanceStatus, type InstanceStatusName } from '../../../mocks/handlers/live';
import { DEMO_LINE } from '../../../mocks/seed';
import { Button } from '../../views/ui/Button';

/**
 * What the WhatsApp engine would report about the demo's main line: its phone connects or drops. The live
 * stream tells the app, which raises its toast and updates the dashboard (QA tools only, never in the app).
 */
const lineName = DEMO_LINE.instanceName;

export function SimulatePhone() {
  const [said, setSaid] = useState<InstanceStatusName | null>(null);
  const report = (status: InstanceStatusName) =>
    void givenInstanceStatus(DEMO_LINE.id, status).then((known) => setSaid(known ? status : null));
  return (
    <section aria-labelledby="qa-phone-title">
      <h3 id="qa-phone-title">
        <Trans>Phone of {lineName}</Trans>
      </h3>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button size="sm" onClick={() => report('online')}>
          <Trans>Connects</Trans>
        </Button>
        <Button size="sm" onClick={() => report('offline')}>
          <Trans>Drops offline</Trans>
        </Button>
      </div>
      {/* Polite, without the status role: the panel's own status line stays the one status. */}
      <p aria-live="polite">
        {said === 'online' && <Trans>Reported online.</Trans>}
        {said === 'offline' && <Trans>Reported offline.</Trans>}
      </p>
    </section>
  );
}
