import { Plural, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link, useLocation } from 'wouter';
import { PATHS } from '../machines/paths';
import { isAdmin } from '../machines/root/session/session.machine';
import { useSession, useSessionActor, useWaitingCount } from '../views/ui/appActors';
import { Brand } from '../views/ui/Brand';
import { ChevronLeftIcon, ChevronRightIcon, LogoutIcon } from '../views/ui/icons';
import { NAV_ICONS } from '../views/ui/navIcons';
import { holdNavigation } from '../views/ui/navigationGuard';
import { LanguageMenu, ThemeMenu } from '../views/ui/PreferenceMenus';
import { navRoutes, routeFor } from './routeTable';

const Column = styled.div<{ $collapsed: boolean }>`
  display: flex;
  flex-direction: column;
  min-height: 100%;
  padding: ${({ theme }) => theme.space(4)} ${({ theme, $collapsed }) => theme.space($collapsed ? 2 : 3)};
  gap: ${({ theme }) => theme.space(4)};
`;

const Head = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'space-between')};
  flex-direction: ${({ $collapsed }) => ($collapsed ? 'column' : 'row')};
  gap: ${({ theme }) => theme.space(2)};
  padding: 0 ${({ theme }) => theme.space(1)};
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const NavLink = styled(Link)<{ $collapsed: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  ${({ $collapsed }) =>
    $collapsed &&
    css`
      justify-content: center;
      padding: 0;
    `}
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.text};
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.color.primary};
  }
  svg { flex: none; }
`;

/** The count of conversations waiting for a person, on the Chat history entry (a corner dot when collapsed). */
const Count = styled.span<{ $collapsed: boolean }>`
  margin-left: auto;
  min-width: 20px;
  padding: 0 6px;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.warningSoft};
  color: ${({ theme }) => theme.color.warning};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 20px;
  text-align: center;
  ${({ $collapsed }) =>
    $collapsed &&
    css`
      position: absolute;
      top: 2px;
      right: 2px;
      min-width: 16px;
      padding: 0 4px;
      line-height: 16px;
    `}
`;

function WaitingCount({ collapsed }: { collapsed: boolean }) {
  const count = useWaitingCount();
  if (!count) return null;
  return (
    <Count $collapsed={collapsed}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">
        <Plural value={count} one="# waiting for a person" other="# waiting for a person" />
      </span>
    </Count>
  );
}

const Bottom = styled.div<{ $collapsed: boolean }>`
  margin-top: auto;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: ${({ $collapsed }) => ($collapsed ? 'center' : 'stretch')};
`;

const PlainButton = styled.button<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space(3)};
  width: ${({ $collapsed }) => ($collapsed ? '40px' : '100%')};
  min-height: 40px;
  padding: 0 ${({ theme, $collapsed }) => ($collapsed ? '0' : theme.space(3))};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
`;

const CollapseButton = styled.button`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
`;

/** Navigation, preferences and logout; collapsed it shows icons, with names for assistive tech and tooltips. */
export function SidebarContent({
  collapsed,
  onToggleCollapsed,
  headAction,
}: {
  collapsed: boolean;
  onToggleCollapsed?: () => void;
  /** Beside the brand instead of the collapse button (the mobile drawer's close button). */
  headAction?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [path, navigate] = useLocation();
  const session = useSessionActor();
  const admin = useSession((s) => isAdmin(s.context));
  const items = navRoutes(admin);
  // The screen the address shows, also at a deeper address it owns (/chat-history/abc is Chat history).
  const current = routeFor(path)?.path;

  return (
    <Column $collapsed={collapsed}>
      <Head $collapsed={collapsed}>
        <Brand compact={collapsed} />
        {onToggleCollapsed && (
          <CollapseButton
            aria-label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
            aria-expanded={!collapsed}
            title={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
            onClick={onToggleCollapsed}
          >
            {collapsed ? <ChevronRightIcon size={16} /> : <ChevronLeftIcon size={16} />}
          </CollapseButton>
        )}
        {headAction}
      </Head>
      <nav aria-label={t`Main`}>
        <NavList>
          {items.map((item) => {
            const label = i18n._(item.title);
            const Icon = NAV_ICONS[item.icon];
            return (
              <li key={item.path}>
                <NavLink
                  href={item.path}
                  onClick={(e) => {
                    // A screen with unsaved changes may ask first before another screen opens; a move within
                    // the screen (to its list from a deeper address) is the screen's own to handle.
                    if (item.path !== current && holdNavigation(() => navigate(item.path)))
                      e.preventDefault();
                  }}
                  $collapsed={collapsed}
                  aria-current={current === item.path ? 'page' : undefined}
                  title={collapsed ? label : undefined}
                >
                  <Icon size={20} />
                  <span className={collapsed ? 'visually-hidden' : undefined}>{label}</span>
                  {item.path === PATHS.chatHistory && <WaitingCount collapsed={collapsed} />}
                </NavLink>
              </li>
            );
          })}
        </NavList>
      </nav>
      <Bottom $collapsed={collapsed}>
        <ThemeMenu compact={collapsed} placement={collapsed ? 'right' : 'up'} />
        <LanguageMenu compact={collapsed} placement={collapsed ? 'right' : 'up'} />
        <PlainButton
          $collapsed={collapsed}
          onClick={() => {
            // Unsaved changes on the screen may ask first, as for the links.
            const logout = () => session.send({ type: 'session.logout' });
            if (!holdNavigation(logout)) logout();
          }}
          title={collapsed ? t`Logout` : undefined}
        >
          <LogoutIcon size={20} />
          <span className={collapsed ? 'visually-hidden' : undefined}>{t`Logout`}</span>
        </PlainButton>
      </Bottom>
    </Column>
  );
}
