// @vitest-environment jsdom
// Testing Library's waitFor needs a document, also under the mutation config (which runs in Node).
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { resetAndSeed, switchScenario } from '../../../../mocks/node';
import { DEMO_ADMIN } from '../../../../mocks/seed';
import { withMockServer } from '../../../../mocks/testing';
import { writeUserInfo } from '../../../api/storage';
import { QR_MAX_POLLS_WITHOUT_SCAN, QR_POLL_INTERVAL_MS } from '../../constants';
import { instanceConnectionMachine } from './instanceConnection.machine';

withMockServer();
beforeEach(async () => {
  await resetAndSeed();
  const { id, token, email } = DEMO_ADMIN;
  writeUserInfo({ accessToken: token, id, userId: id, email });
});

/** The real machine and the real API calls against the mock backend; only the machine's clock is simulated. */
function start() {
  const clock = new SimulatedClock();
  const actor = createActor(instanceConnectionMachine, { clock }).start();
  return { actor, clock };
}

describe('instance connection against the mock backend', () => {
  it('qr-never-scanned: keeps checking without a scan, then says the code expired', async () => {
    switchScenario('qr-never-scanned');
    const { actor, clock } = start();
    actor.send({ type: 'dialog.opened' });
    await waitFor(() => expect(actor.getSnapshot().hasTag('waiting')).toBe(true));
    for (let i = 1; i <= QR_MAX_POLLS_WITHOUT_SCAN; i++) {
      clock.increment(QR_POLL_INTERVAL_MS);
      await waitFor(() => expect(actor.getSnapshot().hasTag('polling')).toBe(false));
    }
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().context.qrCode).toBeNull();
    // Retry starts checking again, with a code.
    actor.send({ type: 'qr.refreshRequested' });
    await waitFor(() => expect(actor.getSnapshot().hasTag('polling')).toBe(false));
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(actor.getSnapshot().context.qrCode).toMatch(/^2@/);
    actor.stop();
  });

  it('happy: the simulated phone links on the 3rd check, and the polling stops', async () => {
    const { actor, clock } = start();
    actor.send({ type: 'dialog.opened' });
    await waitFor(() => expect(actor.getSnapshot().hasTag('waiting')).toBe(true));
    for (let i = 1; i <= 3; i++) {
      clock.increment(QR_POLL_INTERVAL_MS);
      await waitFor(() => expect(actor.getSnapshot().hasTag('polling')).toBe(false));
    }
    expect(actor.getSnapshot().hasTag('connected')).toBe(true);
    expect(actor.getSnapshot().context.instance?.instanceStatus).toBe('authenticated');
    actor.stop();
  });
});
