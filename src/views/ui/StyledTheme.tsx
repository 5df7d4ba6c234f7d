import type { ComponentType, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';

/**
 * The design tokens for styled-components. Each lazily loaded part of the app that uses styled-components
 * (signed-in app, payment pages, demo and QA tools) wraps itself in this, so the sign-in page never loads
 * the styled-components runtime.
 */
export function StyledTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** The component inside StyledTheme: for the lazily loaded modules' exported roots. */
export function withStyledTheme<P extends object>(Component: ComponentType<P>) {
  return function Styled(props: P) {
    return (
      <StyledTheme>
        <Component {...props} />
      </StyledTheme>
    );
  };
}
