import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styles from './MarketingPanel.module.css';
import { MARKETING_TIERS, marketingNumber, marketingPrice } from './marketingCopy';

function Tier({
  name,
  price,
  instances,
  chats,
}: {
  name: ReactNode;
  price: ReactNode;
  instances: number;
  chats: ReactNode;
}) {
  return (
    <li>
      <strong>{name}</strong>
      <span className={styles.price}>{price}</span>
      <span>
        <Plural value={instances} one="# WhatsApp number" other="# WhatsApp numbers" />
      </span>
      <span>{chats}</span>
    </li>
  );
}

/** The plans at a glance, with the spec's display prices in the visitor's language and currency. */
export function MarketingPlans() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const { starter, pro, enterprise } = MARKETING_TIERS;
  const perMonth = (tier: 'starter' | 'pro') => {
    const price = marketingPrice(locale, tier);
    return <Trans>{price} / month</Trans>;
  };
  const chatsPerMonth = (count: number) => {
    const chats = marketingNumber(locale, count);
    return <Trans>{chats} AI chats a month</Trans>;
  };
  return (
    <section className={styles.plans} aria-labelledby="marketing-plans">
      <h3 id="marketing-plans">
        <Trans>Plans for every size</Trans>
      </h3>
      <ul>
        <Tier
          name={<Trans>Starter</Trans>}
          price={perMonth('starter')}
          instances={starter.instances}
          chats={chatsPerMonth(starter.chatsPerMonth)}
        />
        <Tier
          name={<Trans>Pro</Trans>}
          price={perMonth('pro')}
          instances={pro.instances}
          chats={chatsPerMonth(pro.chatsPerMonth)}
        />
        <Tier
          name={<Trans>Enterprise</Trans>}
          price={<Trans>Custom pricing</Trans>}
          instances={enterprise.instances}
          chats={<Trans>High-volume AI chats</Trans>}
        />
      </ul>
      <p className={styles.claims}>
        <span>
          <Trans>Up to 10x faster responses</Trans>
        </span>
        <span>
          <Trans>300% ROI in 6 months</Trans>
        </span>
      </p>
    </section>
  );
}
