import { Trans } from '@lingui/react/macro';
import type { PassageSourceKind } from '../../../../api/schemas/retrieval';

/** The kind of a passage's source, as the user knows it. */
export function SourceKind({ kind }: { kind: PassageSourceKind }) {
  if (kind === 'qa') return <Trans>Q&A</Trans>;
  if (kind === 'page') return <Trans>Web page</Trans>;
  return <Trans>File</Trans>;
}
