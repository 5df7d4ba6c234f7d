import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { INSTANCE_ONLINE, type Instance } from '../../api/schemas/instances';
import type { ChatbotOption } from '../../machines/bindWhatsapp/instances.machine';
import { Button } from '../ui/Button';
import { TitleRow } from '../ui/Cluster';
import { formatDateTime, formatRelative } from '../ui/format';
import { PlainList } from '../ui/PlainList';
import { usePhoneFormat } from '../ui/phone';
import { media } from '../ui/theme';

const Item = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  @media ${media.below('md')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Status = styled.span<{ $online: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme, $online }) => ($online ? theme.color.success : theme.color.borderStrong)};
  }
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(5)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  div { display: flex; gap: ${({ theme }) => theme.space(1)}; }
  dd { margin: 0; color: ${({ theme }) => theme.color.text}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
  @media ${media.below('md')} {
    justify-content: flex-start;
  }
`;

/** An instance that never got past the QR code can be picked up again. */
const awaitingScan = (instance: Instance) =>
  instance.status !== INSTANCE_ONLINE && ['qr', 'authenticated'].includes(instance.instanceStatus);

export interface InstanceActions {
  onSettings: (id: string) => void;
  onDelete: (id: string) => void;
  onContinue: (id: string) => void;
  disabled: boolean;
  /** Whether this waiting number can be set up now (the page's guard: the plan has room for it). */
  canContinue: (id: string) => boolean;
}

function InstanceItem({
  instance,
  chatbotName,
  onSettings,
  onDelete,
  onContinue,
  disabled,
  canContinue,
}: {
  instance: Instance;
  /** Null when no chatbot is linked; undefined when one is, but its name is not known (not loaded, or gone). */
  chatbotName: string | null | undefined;
} & InstanceActions) {
  const { t } = useLingui();
  const formatPhone = usePhoneFormat();
  const online = instance.status === INSTANCE_ONLINE;
  const name = instance.instanceName;
  const lastActive = instance.lastActiveAt;
  return (
    <Item>
      <div>
        <TitleRow>
          <h2>{name}</h2>
          <Status $online={online}>{online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}</Status>
        </TitleRow>
        <Facts>
          <div>
            <dt>
              <Trans>Last active:</Trans>
            </dt>
            <dd>
              {lastActive ? (
                <time dateTime={lastActive} title={formatDateTime(lastActive)}>
                  {formatRelative(lastActive)}
                </time>
              ) : lastActive === null ? (
                <Trans>never</Trans>
              ) : (
                // Not in the answer: unknown, which is not the same as never.
                '—'
              )}
            </dd>
          </div>
          {instance.phoneNumber && (
            <div>
              <dt>
                <Trans>Number:</Trans>
              </dt>
              <dd>{formatPhone(instance.phoneNumber)}</dd>
            </div>
          )}
          <div>
            <dt>
              <Trans>Chatbot:</Trans>
            </dt>
            <dd>
              {chatbotName === null ? (
                <Trans>none yet</Trans>
              ) : (
                (chatbotName ?? <Trans>linked (name unavailable)</Trans>)
              )}
            </dd>
          </div>
        </Facts>
      </div>
      <Actions>
        {awaitingScan(instance) && (
          <Button
            size="sm"
            variant="primary"
            disabled={disabled || !canContinue(instance.id)}
            aria-label={t`Continue setup of ${name}`}
            onClick={() => onContinue(instance.id)}
          >
            <Trans>Continue setup</Trans>
          </Button>
        )}
        <Button
          size="sm"
          disabled={disabled}
          aria-label={t`Settings for ${name}`}
          onClick={() => onSettings(instance.id)}
        >
          <Trans>Settings</Trans>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          aria-label={t`Delete ${name}`}
          onClick={() => onDelete(instance.id)}
        >
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </Item>
  );
}

/** Every bound number with where it stands and what can be done with it. */
export function InstanceList({
  instances,
  chatbots,
  ...actions
}: { instances: Instance[]; chatbots: ChatbotOption[] } & InstanceActions) {
  const names = new Map(chatbots.map((b) => [b.id, b.name]));
  return (
    <PlainList $gap={3}>
      {instances.map((instance) => (
        <InstanceItem
          key={instance.id}
          instance={instance}
          chatbotName={instance.chatbotId ? names.get(instance.chatbotId) : null}
          {...actions}
        />
      ))}
    </PlainList>
  );
}
