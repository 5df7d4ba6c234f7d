import { type ComponentType, createContext } from 'react';

/** What the sign-in page lets a demo mailbox do: show the codes "sent" to this address, fill the form. */
export interface MailboxProps {
  email: string;
  label: string;
  onPickEmail: (email: string) => void;
  onUseCode: (code: string) => void;
}

/**
 * Places where demo builds add demo-only parts to a screen. The app fills them (from src/demo) in demo builds
 * only, so a screen never imports demo code and production builds carry none of it.
 */
export interface DemoSlots {
  LoginMailbox?: ComponentType<MailboxProps>;
}

export const DemoSlotsContext = createContext<DemoSlots>({});
