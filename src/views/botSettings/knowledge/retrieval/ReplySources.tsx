import { Plural, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { RetrievedPassage } from '../../../../api/schemas/retrieval';
import { SourceKind } from './SourceKind';

const Details = styled.details`
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  white-space: normal;
  summary {
    cursor: pointer;
    width: fit-content;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
  summary:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
  ul {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding-left: ${({ theme }) => theme.space(4)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  li { overflow-wrap: anywhere; }
  strong { color: ${({ theme }) => theme.color.text}; font-weight: 600; }
`;

/**
 * Beyond the spec: the passages of its knowledge a test reply used, closed until asked for (a native
 * disclosure: keyboard and screen readers know it). Each names its source (a page's address as text, never
 * a link: it is the server's) and how well it matched. Loaded with the knowledge texts, when a reply has some.
 */
export default function ReplySources({ passages }: { passages: RetrievedPassage[] }) {
  const { t } = useLingui();
  const count = passages.length;
  return (
    <Details>
      <summary>
        <Plural value={count} one="Sources (#)" other="Sources (#)" />
      </summary>
      <ul aria-label={t`Sources of this reply`}>
        {passages.map((p) => {
          const percent = Math.round(p.score * 100);
          return (
            <li key={p.id}>
              <SourceKind kind={p.source.kind} />: <strong>{p.source.name}</strong>
              {p.source.kind === 'page' && p.source.url ? ` (${p.source.url})` : ''} · {t`match ${percent}%`}
            </li>
          );
        })}
      </ul>
    </Details>
  );
}
