import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { CreateFailure } from '../../machines/bindWhatsapp/messages';
import { PATHS } from '../../machines/paths';
import { Button } from '../ui/Button';
import { AlertIcon, RefreshIcon } from '../ui/icons';
import { useText } from '../ui/text';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.dangerSoft};
  text-align: center;
  > svg { color: ${({ theme }) => theme.color.danger}; }
  strong { font-size: ${({ theme }) => theme.font.size.lg}; }
  p { max-width: 48ch; }
`;

/** Why no instance was added; for a plan limit, the way to a bigger plan instead of a pointless retry. */
export function CreateFailed({ failure, onRetry }: { failure: CreateFailure | null; onRetry: () => void }) {
  const text = useText();
  const message = failure ? text(failure.message) : null;
  return (
    <Box role="alert">
      <AlertIcon size={32} />
      <strong>
        <Trans>The instance could not be created</Trans>
      </strong>
      {message && <p>{message}</p>}
      {failure?.kind === 'limit' ? (
        <Link href={PATHS.usageBilling}>
          <Trans>Upgrade your plan</Trans>
        </Link>
      ) : (
        <Button size="sm" onClick={onRetry}>
          <RefreshIcon size={16} />
          <Trans>Try again</Trans>
        </Button>
      )}
    </Box>
  );
}
