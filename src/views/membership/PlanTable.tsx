import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { type MembershipPlan, PlanStatus } from '../../api/schemas/membership';
import { PLAN_CURRENCY } from '../../machines/constants';
import type { planAdminMachine } from '../../machines/membership/planAdmin.machine';
import { Button } from '../ui/Button';
import { Badge, EmptyState } from '../ui/Feedback';
import { formatMoney } from '../ui/format';
import { useFormatLimit } from '../ui/limits';
import { media } from '../ui/theme';

type AdminRef = ActorRefFrom<typeof planAdminMachine>;

const Scroll = styled.div`
  /* Relative, so visually hidden labels inside stay within the scroll area instead of widening the page. */
  position: relative;
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  min-width: 720px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td {
    padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    vertical-align: middle;
  }
  thead th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    /* Two-word headings may take two lines, so the table fits a laptop's width (1366 px with the sidebar). */
    min-width: 9ch;
  }
  /* Where it still scrolls (a tablet, a long plan name), the actions stay in view at the right edge, set
     off by a shadow as the figures pass beneath them: nothing is cut off without a cue. */
  th:last-child, td:last-child {
    position: sticky;
    right: 0;
    background: ${({ theme }) => theme.color.surface};
    box-shadow: -8px 0 8px -8px ${({ theme }) => theme.color.borderStrong};
  }
  /* On a phone the held column would leave the figures no room to pass: the row scrolls whole, as before. */
  @media ${media.below('md')} {
    th:last-child, td:last-child { position: static; box-shadow: none; }
  }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  tbody th { min-width: 140px; font-weight: ${({ theme }) => theme.font.weight.medium}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
`;

/** Every plan but deleted ones; -1 limits read "Unlimited". */
export function PlanTable({ admin }: { admin: AdminRef }) {
  const { i18n, t } = useLingui();
  const plans = useSelector(admin, (s) => s.context.plans);
  const locale = i18n.locale;
  const limit = useFormatLimit();
  const money = (value: number) => formatMoney(value, PLAN_CURRENCY, locale);
  // The right-aligned columns: a heading and a cell each, so the two cannot drift apart.
  const figures: { key: string; head: ReactNode; cell: (plan: MembershipPlan) => ReactNode }[] = [
    { key: 'level', head: <Trans>Level</Trans>, cell: (p) => p.level },
    { key: 'monthly', head: <Trans>Monthly price</Trans>, cell: (p) => money(p.monthlyPrice) },
    { key: 'yearly', head: <Trans>Yearly price</Trans>, cell: (p) => money(p.yearlyPrice) },
    { key: 'instances', head: <Trans>Instances</Trans>, cell: (p) => limit(p.instanceLimit) },
    { key: 'chatbots', head: <Trans>Chatbots</Trans>, cell: (p) => limit(p.chatbotLimit) },
    { key: 'tokens', head: <Trans>Tokens per month</Trans>, cell: (p) => limit(p.monthlyTokenLimit) },
    { key: 'files', head: <Trans>Knowledge files</Trans>, cell: (p) => limit(p.knowledgeBaseFileLimit) },
  ];

  if (plans.length === 0) {
    return (
      <EmptyState title={<Trans>No membership plans yet</Trans>}>
        <Trans>Create the first plan with New plan.</Trans>
      </EmptyState>
    );
  }

  return (
    <Scroll>
      <Table>
        <caption className="visually-hidden">
          <Trans>Membership plans</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            {figures.map((f) => (
              <th key={f.key} scope="col" className="num">
                {f.head}
              </th>
            ))}
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => {
            const name = plan.name;
            return (
              <tr key={plan.id}>
                <th scope="row">{name}</th>
                {figures.map((f) => (
                  <td key={f.key} className="num">
                    {f.cell(plan)}
                  </td>
                ))}
                <td>
                  {plan.status === PlanStatus.active ? (
                    <Badge $tone="success">
                      <Trans>Enabled</Trans>
                    </Badge>
                  ) : (
                    <Badge>
                      <Trans>Disabled</Trans>
                    </Badge>
                  )}
                </td>
                <td>
                  <Actions>
                    <Button
                      size="sm"
                      aria-label={t`Edit ${name}`}
                      onClick={() => admin.send({ type: 'plan.editRequested', plan })}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t`Delete ${name}`}
                      onClick={() => admin.send({ type: 'plan.deleteRequested', plan })}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Actions>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
