import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Brand } from '../../app/Brand';
import { CheckIcon } from '../ui/icons';

/** Where "visit website" leads; set VITE_WEBSITE_URL at build time. */
const WEBSITE_URL = import.meta.env.VITE_WEBSITE_URL || 'https://influx.example';

const Aside = styled.aside`
  display: none;
  @media (min-width: 1024px) {
    display: flex;
  }
  flex-direction: column;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space(12)};
  background: ${({ theme }) => theme.color.brandPanel};
  color: #f0fdfa;
  h2 { font-size: 34px; line-height: 1.2; max-width: 520px; letter-spacing: -0.02em; }
  ul { list-style: none; padding: 0; margin: 32px 0 0; display: grid; gap: 14px; }
  li { display: flex; gap: 10px; align-items: center; font-size: 16px; }
  li svg { color: #5eead4; }
  a { color: #ccfbf1; font-weight: 600; }
`;

export function MarketingPanel() {
  return (
    <Aside aria-label="Influx">
      <Brand />
      <div>
        <h2>
          <Trans>Your WhatsApp, answered by AI around the clock.</Trans>
        </h2>
        <ul>
          <li>
            <CheckIcon />
            <Trans>Bind a number in a minute by scanning a QR code</Trans>
          </li>
          <li>
            <CheckIcon />
            <Trans>Train your bots on your own documents</Trans>
          </li>
          <li>
            <CheckIcon />
            <Trans>Read, analyse and export every conversation</Trans>
          </li>
        </ul>
      </div>
      <p>
        <a href={WEBSITE_URL} target="_blank" rel="noopener noreferrer">
          <Trans>Visit our website</Trans>
        </a>
      </p>
    </Aside>
  );
}
