import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { latestMail, subscribeMailbox } from '../../mocks/mailbox';
import { resetDemoData } from '../../mocks/persistence';
import { DEMO_ADMIN, DEMO_OWNER } from '../../mocks/seed';
import { dayjs } from '../i18n/dates';
import { Button } from '../views/ui/Button';
import type { MailboxProps } from '../views/ui/demoSlots';
import { MailIcon } from '../views/ui/icons';
import { withStyledTheme } from '../views/ui/StyledTheme';

const Box = styled.section`
  border: 1px dashed ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(4)};
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
  h2 { display: flex; gap: 8px; align-items: center; font-size: ${({ theme }) => theme.font.size.md}; }
  code { font-size: 20px; letter-spacing: 0.2em; font-weight: 700; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

/**
 * Demo builds only: the mock backend "sends" its codes here, so anyone can sign in. It also offers the
 * two demo accounts.
 */
function DemoMailboxRoot({ email, label, onPickEmail, onUseCode }: MailboxProps) {
  const [, setVersion] = useState(0);
  useEffect(() => subscribeMailbox(() => setVersion((v) => v + 1)), []);
  const mail = email ? latestMail(email) : null;
  const receivedAt = mail ? dayjs(mail.sentAt).format('HH:mm') : '';
  return (
    <Box aria-label={label}>
      <h2>
        <MailIcon />
        <Trans>Demo mailbox</Trans>
      </h2>
      <Row>
        <span>
          <Trans>Demo accounts:</Trans>
        </span>
        <Button size="sm" onClick={() => onPickEmail(DEMO_OWNER.email)}>
          {DEMO_OWNER.email}
        </Button>
        <Button size="sm" onClick={() => onPickEmail(DEMO_ADMIN.email)}>
          {DEMO_ADMIN.email}
        </Button>
      </Row>
      {mail ? (
        <Row>
          <span>
            <Trans>
              Code for {email}, received {receivedAt}:
            </Trans>
          </span>
          <code data-testid="demo-code">{mail.code}</code>
          <Button size="sm" variant="primary" onClick={() => onUseCode(mail.code)}>
            <Trans>Use this code</Trans>
          </Button>
        </Row>
      ) : (
        <p>
          <Trans>No e-mail is sent in the demo: codes you request appear here.</Trans>
        </p>
      )}
      <Row>
        <Button
          size="sm"
          variant="ghost"
          onClick={async () => {
            await resetDemoData();
            location.reload();
          }}
        >
          <Trans>Reset demo data</Trans>
        </Button>
      </Row>
    </Box>
  );
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const DemoMailbox = withStyledTheme(DemoMailboxRoot);
