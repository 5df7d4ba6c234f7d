import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { PlanStatus, type PlanStatusCode } from '../../api/schemas/membership';
import type { planAdminMachine } from '../../machines/membership/planAdmin.machine';
import type { NumberField, PlanDraft } from '../../machines/membership/planDraft';
import { Alert } from '../ui/Alert';
import { Checkbox } from '../ui/Controls';
import { DialogForm, FormFooter, Modal } from '../ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../ui/Field';
import { media } from '../ui/theme';

type AdminRef = ActorRefFrom<typeof planAdminMachine>;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  @media ${media.below('sm')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Flags = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
`;

/** One form for creating and editing a plan (spec section 2); what was typed stays if saving fails. */
export function PlanForm({ admin }: { admin: AdminRef }) {
  const { t } = useLingui();
  const open = useSelector(admin, (s) => s.hasTag('form'));
  const updating = useSelector(admin, (s) => s.matches({ form: 'updating' }));
  const saving = useSelector(admin, (s) => s.hasTag('form') && s.hasTag('busy'));
  const draft = useSelector(admin, (s) => s.context.draft);
  const invalid = useSelector(admin, (s) => s.context.invalid);

  const change = (patch: Partial<PlanDraft>) => admin.send({ type: 'form.changed', patch });
  const unlimitedHint = <Trans>-1 means unlimited.</Trans>;
  const numberField = (field: NumberField, label: ReactNode, hint?: ReactNode, step = '1') => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode={step === '1' ? 'numeric' : 'decimal'}
      step={step}
      name={field}
      value={draft[field]}
      invalid={invalid.includes(field)}
      disabled={saving}
      onChange={(e) => change({ [field]: e.target.value })}
    />
  );

  return (
    <Modal
      open={open}
      onClose={() => admin.send({ type: 'form.closed' })}
      title={updating ? t`Edit plan` : t`Create plan`}
      width={640}
    >
      <DialogForm busy={saving} onSubmit={() => admin.send({ type: 'form.submitted' })}>
        <Fields>
          <TextField
            label={<Trans>Name</Trans>}
            hint={
              invalid.includes('name') ? (
                <Trans>A plan needs a name: customers see it on its card.</Trans>
              ) : undefined
            }
            name="name"
            value={draft.name}
            invalid={invalid.includes('name')}
            disabled={saving}
            onChange={(e) => change({ name: e.target.value })}
          />
          {numberField('level', <Trans>Level</Trans>, <Trans>0 or more. Higher levels are upgrades.</Trans>)}
          <Wide>
            <TextAreaField
              label={<Trans>Description</Trans>}
              name="description"
              rows={2}
              value={draft.description}
              disabled={saving}
              onChange={(e) => change({ description: e.target.value })}
            />
          </Wide>
          {numberField('instanceLimit', <Trans>Instance limit</Trans>, unlimitedHint)}
          {numberField('chatbotLimit', <Trans>Chatbot limit</Trans>, unlimitedHint)}
          {numberField('monthlyTokenLimit', <Trans>Monthly token limit</Trans>, unlimitedHint)}
          {numberField('totalChatSessionLimit', <Trans>Total chat session limit</Trans>, unlimitedHint)}
          {numberField('knowledgeBaseFileLimit', <Trans>Knowledge file limit</Trans>, unlimitedHint)}
          <SelectField
            label={<Trans>Status</Trans>}
            name="status"
            value={draft.status}
            disabled={saving}
            onChange={(e) => change({ status: Number(e.target.value) as PlanStatusCode })}
          >
            <option value={PlanStatus.active}>{t`Enabled`}</option>
            <option value={PlanStatus.inactive}>{t`Disabled`}</option>
          </SelectField>
          {numberField('monthlyPrice', <Trans>Monthly price (USD)</Trans>, undefined, '0.01')}
          {numberField(
            'yearlyPrice',
            <Trans>Yearly price (USD)</Trans>,
            <Trans>0 offers monthly billing only.</Trans>,
            '0.01',
          )}
          <TextField
            label={<Trans>Monthly price ID</Trans>}
            hint={<Trans>The price's identifier at the payment provider.</Trans>}
            name="monthlyPriceId"
            value={draft.monthlyPriceId}
            disabled={saving}
            onChange={(e) => change({ monthlyPriceId: e.target.value })}
          />
          <TextField
            label={<Trans>Yearly price ID</Trans>}
            name="yearlyPriceId"
            value={draft.yearlyPriceId}
            disabled={saving}
            onChange={(e) => change({ yearlyPriceId: e.target.value })}
          />
          <Flags>
            <Checkbox
              label={<Trans>Advanced features</Trans>}
              checked={draft.hasAdvancedFeatures}
              disabled={saving}
              onChange={(e) => change({ hasAdvancedFeatures: e.target.checked })}
            />
            <Checkbox
              label={<Trans>Custom prompts</Trans>}
              checked={draft.hasCustomPrompt}
              disabled={saving}
              onChange={(e) => change({ hasCustomPrompt: e.target.checked })}
            />
          </Flags>
          {invalid.length > 0 && (
            <Wide>
              <Alert>
                <Trans>
                  Check the highlighted fields: a plan needs a name, the level is a whole number of 0 or more,
                  limits are whole numbers (-1 for unlimited), and prices cannot be negative.
                </Trans>
              </Alert>
            </Wide>
          )}
        </Fields>
        <FormFooter
          style={{ marginTop: 20 }}
          busy={saving}
          canSubmit={!saving}
          onCancel={() => admin.send({ type: 'form.closed' })}
        >
          {updating ? <Trans>Save changes</Trans> : <Trans>Create plan</Trans>}
        </FormFooter>
      </DialogForm>
    </Modal>
  );
}
