import type { ReactNode } from 'react';
import { Card, Muted, PageHeader } from './Card';

/** A titled screen whose content arrives in a later release. */
export function ScreenPlaceholder({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader>
        <h1>{title}</h1>
      </PageHeader>
      <Card>
        <Muted>{children}</Muted>
      </Card>
    </>
  );
}
