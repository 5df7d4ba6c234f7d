import { Trans } from '@lingui/react/macro';
import { Brand } from '../ui/Brand';
import { CheckIcon } from '../ui/icons';
import styles from './MarketingPanel.module.css';
import { MarketingPlans } from './MarketingPlans';

/** Where "visit website" leads; set VITE_WEBSITE_URL at build time. */
const WEBSITE_URL = import.meta.env.VITE_WEBSITE_URL || 'https://influx.example';

export function MarketingPanel() {
  return (
    <aside className={styles.aside} aria-label="Influx">
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
      <MarketingPlans />
      <p>
        <a href={WEBSITE_URL} target="_blank" rel="noopener noreferrer">
          <Trans>Visit our website</Trans>
        </a>
      </p>
    </aside>
  );
}
