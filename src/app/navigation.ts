import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { BotIcon, CardIcon, ChatIcon, HomeIcon, PhoneLinkIcon, ShieldIcon } from '../views/ui/icons';

export interface NavItem {
  path: string;
  label: MessageDescriptor;
  icon: ComponentType<{ size?: number }>;
  adminOnly?: boolean;
}

/** The sidebar of spec section 2, in its order. */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', label: msg`Dashboard`, icon: HomeIcon },
  { path: '/bot-settings', label: msg`Bot settings`, icon: BotIcon },
  { path: '/bind-whatsapp', label: msg`Bind WhatsApp`, icon: PhoneLinkIcon },
  { path: '/chat-history', label: msg`Chat history`, icon: ChatIcon },
  { path: '/usage-billing', label: msg`Usage and billing`, icon: CardIcon },
  { path: '/membership-management', label: msg`Membership management`, icon: ShieldIcon, adminOnly: true },
];

export const navItemFor = (path: string) => NAV_ITEMS.find((item) => item.path === path);
