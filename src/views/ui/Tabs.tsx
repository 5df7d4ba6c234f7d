import {
  Tab as AriakitTab,
  TabList as AriakitTabList,
  TabPanel as AriakitTabPanel,
  TabProvider,
} from '@ariakit/react';
import styled from 'styled-components';

/** Ariakit tabs (arrow keys move between tabs); wrap in TabProvider with selectedId / setSelectedId. */
export { TabProvider };

export const TabList = styled(AriakitTabList)`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-x: auto;
`;

export const Tab = styled(AriakitTab)`
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 2px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  white-space: nowrap;
  &:hover { color: ${({ theme }) => theme.color.text}; }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.text};
    border-bottom-color: ${({ theme }) => theme.color.primary};
  }
`;

export const TabPanel = styled(AriakitTabPanel)`
  padding-top: ${({ theme }) => theme.space(5)};
  &:focus-visible { outline-offset: 4px; }
`;
