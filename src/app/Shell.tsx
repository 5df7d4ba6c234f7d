import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { readStored, writeStored } from '../api/storage';
import { Brand } from '../views/ui/Brand';
import { IconButton } from '../views/ui/Button';
import { CloseIcon, MenuIcon } from '../views/ui/icons';
import { MOBILE_QUERY, useMediaQuery } from '../views/ui/media';
import { SidebarContent } from './Sidebar';

const COLLAPSED_KEY = 'sidebar-collapsed';

const Layout = styled.div<{ $collapsed: boolean; $mobile: boolean }>`
  display: grid;
  grid-template-columns: ${({ theme, $collapsed, $mobile }) =>
    $mobile ? '1fr' : `${$collapsed ? theme.layout.sidebarCollapsed : theme.layout.sidebar} 1fr`};
  min-height: 100vh;
  transition: grid-template-columns ${({ theme }) => theme.motion.normal};
`;

const Aside = styled.aside`
  position: sticky;
  top: 0;
  height: 100vh;
  overflow: hidden auto;
  border-right: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Main = styled.main`
  min-width: 0;
  padding: ${({ theme }) => theme.space(8)};
  @media ${MOBILE_QUERY} {
    padding: ${({ theme }) => theme.space(4)};
    padding-top: calc(${({ theme }) => theme.layout.topBar} + ${({ theme }) => theme.space(4)});
  }
  &:focus { outline: none; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  z-index: 100;
  &:focus {
    left: ${({ theme }) => theme.space(3)};
    top: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    background: ${({ theme }) => theme.color.surface};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const TopBar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 30;
  height: ${({ theme }) => theme.layout.topBar};
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Drawer = styled(Dialog)`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 50;
  width: min(${({ theme }) => theme.layout.sidebar}, 85vw);
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.pop};
  overflow-y: auto;
  &:focus-visible { outline: none; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
`;

function readCollapsed(): boolean {
  return readStored(COLLAPSED_KEY) === 'true';
}

/** The signed-in layout: a sidebar on desktop (collapsible, remembered), a top bar and drawer on mobile. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [path] = useLocation();

  // The drawer closes when the user goes somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger
  useEffect(() => setDrawerOpen(false), [path]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      writeStored(COLLAPSED_KEY, String(!c));
      return !c;
    });
  };

  // One tree for both layouts, with the page in a keyed <main>: crossing the mobile breakpoint (a rotated tablet, a resized
  // window) swaps the navigation but never remounts the page, so nothing on it is lost.
  return (
    <>
      <SkipLink href="#main">{t`Skip to content`}</SkipLink>
      <Layout $collapsed={collapsed} $mobile={mobile}>
        {mobile ? (
          <MobileNavigation key="mobile-nav" open={drawerOpen} onOpenChange={setDrawerOpen} />
        ) : (
          <Aside key="sidebar" id="sidebar" aria-label={t`Sidebar`}>
            <SidebarContent collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
          </Aside>
        )}
        <Main key="main" id="main" tabIndex={-1}>
          {children}
        </Main>
      </Layout>
    </>
  );
}

/** The mobile layout's top bar and the navigation drawer it opens. */
function MobileNavigation({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <>
      <TopBar>
        <Brand />
        <IconButton
          variant="ghost"
          aria-label={t`Open menu`}
          aria-expanded={open}
          aria-controls="mobile-navigation"
          onClick={() => onOpenChange(true)}
        >
          <MenuIcon size={22} />
        </IconButton>
      </TopBar>
      <Drawer id="mobile-navigation" open={open} onClose={() => onOpenChange(false)} backdrop={<Backdrop />}>
        <DialogHeading className="visually-hidden">{t`Menu`}</DialogHeading>
        {/* One brand row: the drawer's close button sits where the desktop sidebar has its collapse button. */}
        <SidebarContent
          collapsed={false}
          headAction={
            <DialogDismiss render={<IconButton variant="ghost" aria-label={t`Close menu`} />}>
              <CloseIcon size={20} />
            </DialogDismiss>
          }
        />
      </Drawer>
    </>
  );
}
