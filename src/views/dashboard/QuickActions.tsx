import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PATHS } from '../../machines/paths';
import { BotIcon, ChatIcon, ChevronRightIcon, PhoneLinkIcon } from '../ui/icons';
import { PlainList } from '../ui/PlainList';
import { IconBubble } from './IconBubble';
import { LinkTile } from './LinkTile';

function QuickAction({
  href,
  icon,
  title,
  text,
}: {
  href: string;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
}) {
  return (
    <li>
      <LinkTile $lead={36} href={href}>
        <IconBubble>{icon}</IconBubble>
        <span>
          <strong>{title}</strong>
          <small>{text}</small>
        </span>
        <ChevronRightIcon size={18} />
      </LinkTile>
    </li>
  );
}

export function QuickActions() {
  return (
    <PlainList $gap={2}>
      <QuickAction
        href={PATHS.bindWhatsapp}
        icon={<PhoneLinkIcon />}
        title={<Trans>Bind WhatsApp</Trans>}
        text={<Trans>Connect a number by scanning a QR code</Trans>}
      />
      <QuickAction
        href={PATHS.botSettings}
        icon={<BotIcon />}
        title={<Trans>Bot settings</Trans>}
        text={<Trans>Adjust prompts, models and knowledge</Trans>}
      />
      <QuickAction
        href={PATHS.chatHistory}
        icon={<ChatIcon />}
        title={<Trans>Chat history</Trans>}
        text={<Trans>Review conversations with your customers</Trans>}
      />
    </PlainList>
  );
}
