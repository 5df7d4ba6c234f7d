import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { BotIcon, ChatIcon, ChevronRightIcon, PhoneLinkIcon } from '../ui/icons';
import { PlainList } from '../ui/PlainList';
import { IconBubble } from './IconBubble';

const Action = styled(Link)`
  display: grid;
  grid-template-columns: 36px 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  strong { display: block; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  small { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  > svg:last-child { color: ${({ theme }) => theme.color.textMuted}; }
`;

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
      <Action href={href}>
        <IconBubble>{icon}</IconBubble>
        <span>
          <strong>{title}</strong>
          <small>{text}</small>
        </span>
        <ChevronRightIcon size={18} />
      </Action>
    </li>
  );
}

export function QuickActions() {
  return (
    <PlainList $gap={2}>
      <QuickAction
        href="/bind-whatsapp"
        icon={<PhoneLinkIcon />}
        title={<Trans>Bind WhatsApp</Trans>}
        text={<Trans>Connect a number by scanning a QR code</Trans>}
      />
      <QuickAction
        href="/bot-settings"
        icon={<BotIcon />}
        title={<Trans>Bot settings</Trans>}
        text={<Trans>Adjust prompts, models and knowledge</Trans>}
      />
      <QuickAction
        href="/chat-history"
        icon={<ChatIcon />}
        title={<Trans>Chat history</Trans>}
        text={<Trans>Review conversations with your customers</Trans>}
      />
    </PlainList>
  );
}
