import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Muted } from '../ui/Card';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: ${({ theme }) => theme.font.size.md}; }
`;

/** One part of the Knowledge tab: its heading, a line on what it is for, and its content. */
export function KnowledgeSection({
  id,
  title,
  description,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section aria-labelledby={id}>
      <div>
        <h3 id={id}>{title}</h3>
        <Muted>{description}</Muted>
      </div>
      {children}
    </Section>
  );
}
