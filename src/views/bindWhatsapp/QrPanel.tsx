import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import styled from 'styled-components';
import { QR_POLL_INTERVAL_MS } from '../../machines/constants';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { AlertIcon, CheckIcon, RefreshIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import type { LinkState } from './connectionState';

/** Read when drawn, not when the module loads: a build replaces it with its constant either way. */
const isDemoBuild = () => import.meta.env.VITE_MOCKS === 'true';

const QR_SIZE = 216;

const Box = styled.div`
  display: grid;
  justify-items: center;
  align-content: start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceAlt};
  text-align: center;
`;

/** Always dark on white, whatever the theme: phones read that best. */
const Code = styled.div`
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #ffffff;
  line-height: 0;
`;

const Placeholder = styled.div<{ $tone?: 'muted' | 'danger' | 'success' }>`
  display: grid;
  place-items: center;
  align-content: center;
  gap: ${({ theme }) => theme.space(2)};
  width: ${QR_SIZE + 16}px;
  max-width: 100%;
  min-height: ${QR_SIZE + 16}px;
  border: 2px dashed ${({ theme, $tone }) =>
    $tone === 'danger'
      ? theme.color.danger
      : $tone === 'success'
        ? theme.color.success
        : theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  padding: ${({ theme }) => theme.space(4)};
  strong { color: ${({ theme }) => theme.color.text}; }
`;

const Check = styled.span`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.success};
  color: ${({ theme }) => theme.color.surface};
`;

/** Looks like the spec's Connected button but is a status: there is nothing to press. */
const ConnectedPill = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.success};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export interface QrPanelProps {
  state: LinkState;
  qrCode: string | null;
  polling: boolean;
  pollWarning: string | null;
  pollError: string | null;
  canRefresh: boolean;
  onRefresh: () => void;
}

/** The QR code while the phone has not scanned it; around it, every other way that can go. */
export function QrPanel(props: QrPanelProps) {
  return <Box>{content(props)}</Box>;
}

function content(props: QrPanelProps) {
  const { state, pollError, canRefresh, onRefresh } = props;
  switch (state) {
    case 'creating':
    case 'createFailed':
    case 'closed':
      return (
        <Placeholder>
          <Spinner size={24} />
          <span>
            <Trans>Creating the instance…</Trans>
          </span>
        </Placeholder>
      );
    case 'connected':
      return (
        <Placeholder $tone="success">
          <Check>
            <CheckIcon size={40} strokeWidth={2.6} />
          </Check>
          <ConnectedPill>
            <Trans>Connected</Trans>
          </ConnectedPill>
        </Placeholder>
      );
    case 'expired':
      return (
        <>
          <Placeholder>
            <strong>
              <Trans>The code expired</Trans>
            </strong>
            <span>
              <Trans>No phone scanned it in time. Get a new code and try again.</Trans>
            </span>
          </Placeholder>
          <Button variant="primary" onClick={onRefresh} disabled={!canRefresh}>
            <RefreshIcon size={16} />
            <Trans>Get a new code</Trans>
          </Button>
        </>
      );
    case 'refused':
      // Why, and the way on, are in the connection status beside: said once.
      return (
        <Placeholder $tone="danger">
          <AlertIcon size={28} />
          <strong>
            <Trans>No code to scan</Trans>
          </strong>
          <span>
            <Trans>This number cannot be linked on your current plan.</Trans>
          </span>
        </Placeholder>
      );
    case 'failed':
      return (
        <>
          <Placeholder $tone="danger">
            <AlertIcon size={28} />
            <strong>
              <Trans>The connection could not be checked</Trans>
            </strong>
            <span>{pollError}</span>
          </Placeholder>
          <Button variant="primary" onClick={onRefresh} disabled={!canRefresh}>
            <RefreshIcon size={16} />
            <Trans>Try again</Trans>
          </Button>
        </>
      );
    default:
      return <Waiting {...props} />;
  }
}

function Waiting({ qrCode, polling, pollWarning, canRefresh, onRefresh }: QrPanelProps) {
  const { t } = useLingui();
  const seconds = QR_POLL_INTERVAL_MS / 1000;
  return (
    <>
      {qrCode ? (
        // The code's text links a phone to the account: only demo builds expose it, for their tests.
        <Code data-testid="qr-code" data-value={isDemoBuild() ? qrCode : undefined}>
          <QRCodeSVG
            value={qrCode}
            level="H"
            size={QR_SIZE}
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={t`QR code to scan with WhatsApp`}
          />
        </Code>
      ) : (
        <Placeholder>
          <Spinner size={24} />
          <strong>
            <Trans>No code yet</Trans>
          </strong>
          <span>
            <Trans>A code appears here in a moment.</Trans>
          </span>
        </Placeholder>
      )}
      <Hint>
        <Trans>The code renews by itself; the connection is checked every {seconds} seconds.</Trans>
      </Hint>
      <Button size="sm" onClick={onRefresh} disabled={!canRefresh}>
        {polling ? <Spinner /> : <RefreshIcon size={16} />}
        <Trans>Refresh code</Trans>
      </Button>
      {pollWarning && (
        <Alert tone="warning">
          <Trans>Could not check the connection ({pollWarning}). Trying again…</Trans>
        </Alert>
      )}
    </>
  );
}
