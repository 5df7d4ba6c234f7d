import styled from 'styled-components';

/** The icon of a dashboard figure or quick action, on a soft tinted square. */
export const IconBubble = styled.span`
  display: inline-grid;
  place-items: center;
  width: 36px;
  height: 36px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
`;
