import styled from 'styled-components';
import { Card } from '../../views/ui/Card';
import { media } from '../../views/ui/theme';

/* The demo payment provider's page parts: its checkout and its customer portal look alike. */

export const Page = styled.main`
  min-height: 100vh;
  display: grid;
  align-content: start;
  justify-items: center;
  gap: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
`;

/** The demo notice above the page: as wide as the page's sheet (a narrow one for a single card). */
export const Banner = styled.p<{ $narrow?: boolean }>`
  width: min(${({ $narrow }) => ($narrow ? 520 : 880)}px, 100%);
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.warningSoft};
  border: 1px solid ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const Sheet = styled(Card)`
  width: min(880px, 100%);
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(8)};
  @media ${media.below('mobile')} {
    grid-template-columns: minmax(0, 1fr);
    padding: ${({ theme }) => theme.space(5)};
  }
`;

export const Summary = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(3)};
  h1 { font-size: ${({ theme }) => theme.font.size.xl}; }
`;

export const Lines = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  dd { margin: 0; text-align: right; }
  dt:last-of-type, dd:last-of-type { font-weight: ${({ theme }) => theme.font.weight.bold}; }
`;

export const Merchant = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Single = styled(Card)`
  width: min(520px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h1 { font-size: ${({ theme }) => theme.font.size.xl}; }
  a { justify-self: start; }
`;
