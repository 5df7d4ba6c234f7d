import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { Button } from '../views/ui/Button';
import { Card } from '../views/ui/Card';
import styles from './ErrorBoundary.module.css';

/** The router-level fallback: an unexpected error shows its message instead of a blank page. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: Error | null }
> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere gives the new page a fresh start.
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className={styles.wrap}>
        <Card role="alert" style={{ maxWidth: 560 }}>
          <h1>
            <Trans>Something went wrong</Trans>
          </h1>
          <p>
            <Trans>An unexpected error stopped this page. Your data is safe; try again.</Trans>
          </p>
          <pre>{error.message}</pre>
          <Button variant="primary" onClick={() => this.setState({ error: null })}>
            <Trans>Try again</Trans>
          </Button>
        </Card>
      </div>
    );
  }
}
