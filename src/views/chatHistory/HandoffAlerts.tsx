import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  askNotificationPermission,
  notificationPermission,
  readAlertPrefs,
  writeAlertPrefs,
} from '../../machines/root/waitingCount/alerts';
import { useWaitingCount } from '../ui/appActors';
import { Checkbox } from '../ui/Controls';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.font.size.sm};
  p { margin: 0; width: 100%; color: ${({ theme }) => theme.color.textMuted}; }
`;

/**
 * This device's alerts when a conversation starts waiting for a person (beyond the spec): a desktop
 * notification, whose permission the browser is asked for only when the user turns it on here, and a chime.
 * Shown only where the server counts the waiting conversations.
 */
export function HandoffAlerts() {
  const labelId = useId();
  const offered = useWaitingCount() !== null;
  const [prefs, setPrefs] = useState(readAlertPrefs);
  const [permission, setPermission] = useState(notificationPermission);
  if (!offered) return null;
  const save = (next: typeof prefs) => {
    setPrefs(next);
    writeAlertPrefs(next);
  };
  const turnDesktop = async (on: boolean) => {
    if (!on) return save({ ...prefs, desktop: false });
    const answer = permission === 'default' ? await askNotificationPermission() : permission;
    setPermission(answer);
    save({ ...prefs, desktop: answer === 'granted' });
  };

  return (
    <Row role="group" aria-labelledby={labelId}>
      <span id={labelId}>
        <Trans>When a conversation needs a person:</Trans>
      </span>
      {permission !== 'unsupported' && (
        <Checkbox
          label={<Trans>Desktop notification</Trans>}
          checked={prefs.desktop && permission === 'granted'}
          disabled={permission === 'denied'}
          onChange={(e) => void turnDesktop(e.target.checked)}
        />
      )}
      <Checkbox
        label={<Trans>Sound</Trans>}
        checked={prefs.sound}
        onChange={(e) => save({ ...prefs, sound: e.target.checked })}
      />
      {permission === 'denied' && (
        <p>
          <Trans>This browser blocks notifications from this site; allow them in its site settings.</Trans>
        </p>
      )}
    </Row>
  );
}
