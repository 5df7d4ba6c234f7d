import { BotIcon, CardIcon, ChatIcon, HomeIcon, PhoneLinkIcon, ShieldIcon } from './icons';

/** The sidebar's icons, named by the route table. */
export const NAV_ICONS = {
  home: HomeIcon,
  bot: BotIcon,
  phoneLink: PhoneLinkIcon,
  chat: ChatIcon,
  card: CardIcon,
  shield: ShieldIcon,
};
export type NavIconName = keyof typeof NAV_ICONS;
