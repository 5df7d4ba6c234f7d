import { Trans, useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import styled from 'styled-components';
import type { UsageInfo } from '../../api/schemas/instances';
import { TOKEN_USAGE_LIST_HEIGHT_PX } from '../../machines/constants';
import { formatPhone, usePhoneFormat } from '../ui/phone';
import { useBillingFormat } from './useBillingFormat';

const ROW_HEIGHT = 36;
/** Up to this many rows render plainly; longer tables render only what is in view. */
const VIRTUALIZE_FROM = 60;

const Scroll = styled.div`
  height: ${TOKEN_USAGE_LIST_HEIGHT_PX}px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td {
    height: ${ROW_HEIGHT}px;
    padding: 0 ${({ theme }) => theme.space(3)};
    text-align: left;
    white-space: nowrap;
  }
  th:last-child, td:last-child { text-align: right; font-variant-numeric: tabular-nums; }
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.color.surfaceAlt};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  tbody td { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  tfoot th, tfoot td {
    position: sticky;
    bottom: 0;
    background: ${({ theme }) => theme.color.surfaceAlt};
    border-top: 1px solid ${({ theme }) => theme.color.borderStrong};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/** A conversation's sender as people read it: 8613812345678@c.us becomes +86 138 1234 5678. */
export function conversationName(sessionFrom: string, format = formatPhone): string {
  const local = sessionFrom.split('@')[0] ?? sessionFrom;
  return /^\d{5,}$/.test(local) ? format(`+${local}`) : local || sessionFrom;
}

type Row = UsageInfo['usageInfos'][number];

/** Tokens per conversation with a total row, inside a 256 px scroll area (spec section 9). */
export function TokenTable({ usage }: { usage: UsageInfo }) {
  const { t } = useLingui();
  const formatPhone = usePhoneFormat();
  const f = useBillingFormat();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = usage.usageInfos;
  const virtual = rows.length >= VIRTUALIZE_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const items = virtual
    ? virtualizer.getVirtualItems()
    : rows.map((_, index) => ({ index, start: index * ROW_HEIGHT }));
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = virtual && first ? first.start : 0;
  const padBottom = virtual && last ? virtualizer.getTotalSize() - (last.start + ROW_HEIGHT) : 0;

  const renderRow = (row: Row, index: number) => (
    <tr key={index} aria-rowindex={index + 2}>
      <td>{conversationName(row.sessionFrom, formatPhone)}</td>
      <td>{f.number(row.tokenCount)}</td>
    </tr>
  );

  return (
    <Scroll ref={scrollRef} tabIndex={0} role="region" aria-label={t`Token usage by conversation`}>
      <Table aria-rowcount={rows.length + 2}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              <Trans>Conversation</Trans>
            </th>
            <th scope="col">
              <Trans>Tokens</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer for rows not rendered; rows are not focusable
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={2} style={{ height: padTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map(({ index }) => {
            const row = rows[index];
            return row ? renderRow(row, index) : null;
          })}
          {padBottom > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer for rows not rendered; rows are not focusable
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={2} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr aria-rowindex={rows.length + 2}>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td>{f.number(usage.totalTokenCount)}</td>
          </tr>
        </tfoot>
      </Table>
    </Scroll>
  );
}
