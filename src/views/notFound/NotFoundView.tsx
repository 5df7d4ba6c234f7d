import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { PATHS } from '../../machines/paths';
import { Card, Muted, PageHeader } from '../ui/Card';

export function NotFoundView() {
  return (
    <>
      <PageHeader>
        <h1>
          <Trans>Page not found</Trans>
        </h1>
      </PageHeader>
      <Card>
        <Muted>
          <Trans>There is no page at this address.</Trans>
        </Muted>
        <p style={{ marginTop: 12 }}>
          <Link href={PATHS.dashboard}>
            <Trans>Go to the dashboard</Trans>
          </Link>
        </p>
      </Card>
    </>
  );
}
