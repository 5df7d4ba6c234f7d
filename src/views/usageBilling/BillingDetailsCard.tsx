import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { type BillingDetails, type BillingField, hasBillingDetails } from '../../api/schemas/billingDetails';
import type { billingDetailsMachine } from '../../machines/usageBilling/billingDetails/billingDetails.machine';
import { Alert } from '../ui/Alert';
import { addressLines, countryOptions } from '../ui/address';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { Cluster, SpreadRow } from '../ui/Cluster';
import { ErrorPanel, NotOffered, PanelLoading } from '../ui/Feedback';
import { SelectField, TextField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';

export type BillingDetailsRef = ActorRefFrom<typeof billingDetailsMachine>;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-content: start;
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Address = styled.address`
  font-style: normal;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  overflow-wrap: anywhere;
  strong { font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** What each field sends as it is typed, with its error in place of its hint. */
function useField(details: BillingDetailsRef, field: BillingField) {
  const text = useText();
  const value = useSelector(details, (s) => s.context.form[field]);
  const error = useSelector(details, (s) => s.context.errors[field]);
  const saving = useSelector(details, (s) => s.hasTag('saving'));
  return {
    value,
    invalid: Boolean(error),
    disabled: saving,
    'data-field': field,
    errorText: error ? text(error) : undefined,
    onChange: (e: { target: { value: string } }) =>
      details.send({ type: 'field.changed', field, value: e.target.value }),
  };
}

function Field({
  details,
  field,
  label,
  hint,
  ...input
}: {
  details: BillingDetailsRef;
  field: Exclude<BillingField, 'country'>;
  label: ReactNode;
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
}) {
  const { errorText, ...props } = useField(details, field);
  return <TextField label={label} hint={errorText ?? hint} {...props} {...input} />;
}

function CountryField({ details }: { details: BillingDetailsRef }) {
  const { i18n, t } = useLingui();
  const { errorText, ...props } = useField(details, 'country');
  const options = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  return (
    <SelectField label={<Trans>Country or region</Trans>} hint={errorText} autoComplete="country" {...props}>
      <option value="">{t`Choose…`}</option>
      {options.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

function DetailsForm({ details }: { details: BillingDetailsRef }) {
  const text = useText();
  const { t } = useLingui();
  const saving = useSelector(details, (s) => s.hasTag('saving'));
  const failure = useSelector(details, (s) => s.context.failure);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[data-field]')?.focus();
    const subscription = details.on('form.refused', ({ field }) => {
      form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
    return () => subscription.unsubscribe();
  }, [details]);

  const reason = failure ? text(failure) : '';
  return (
    <Form
      ref={form}
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        details.send({ type: 'details.submitted' });
      }}
    >
      <Field
        details={details}
        field="companyName"
        label={<Trans>Company name</Trans>}
        autoComplete="organization"
      />
      <Field
        details={details}
        field="addressLine1"
        label={<Trans>Street address</Trans>}
        autoComplete="address-line1"
      />
      <Field
        details={details}
        field="addressLine2"
        label={<Trans>Address line 2 (optional)</Trans>}
        autoComplete="address-line2"
      />
      <Pair>
        <Field details={details} field="city" label={<Trans>City</Trans>} autoComplete="address-level2" />
        <Field
          details={details}
          field="region"
          label={<Trans>State or province (optional)</Trans>}
          autoComplete="address-level1"
        />
      </Pair>
      <Pair>
        <Field
          details={details}
          field="postalCode"
          label={<Trans>Postal code (optional)</Trans>}
          autoComplete="postal-code"
        />
        <CountryField details={details} />
      </Pair>
      <Pair>
        <Field
          details={details}
          field="taxId"
          label={<Trans>Tax ID (optional)</Trans>}
          hint={<Trans>VAT, GST or business registration number, shown on invoices.</Trans>}
        />
        <Field
          details={details}
          field="billingEmail"
          label={<Trans>Billing e-mail</Trans>}
          hint={<Trans>Invoices and payment receipts go here.</Trans>}
          type="email"
          autoComplete="email"
        />
      </Pair>
      {failure && (
        <Alert>
          <Trans>Your billing details could not be saved: {reason}. What you typed is kept; try again.</Trans>
        </Alert>
      )}
      <Cluster>
        <Button type="submit" variant="primary" disabled={saving}>
          {saving && <Spinner />}
          {saving ? t`Saving…` : t`Save billing details`}
        </Button>
        <Button type="button" onClick={() => details.send({ type: 'details.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </Cluster>
    </Form>
  );
}

function DetailsShown({ details, saved }: { details: BillingDetailsRef; saved: BillingDetails }) {
  const { i18n } = useLingui();
  const justSaved = useSelector(details, (s) => s.hasTag('saved'));
  const backFromForm = useSelector(details, (s) => s.hasTag('backFromForm'));
  const edit = useRef<HTMLButtonElement>(null);
  // Back from the form (saved or cancelled): the focus goes to Edit rather than to the page's start. Only
  // then: on a first load, a focus move would scroll the page away from what the user is reading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, as the form closes
  useEffect(() => {
    if (backFromForm && edit.current && document.activeElement === document.body) edit.current.focus();
  }, []);
  const complete = hasBillingDetails(saved);
  return (
    <>
      {complete ? (
        <>
          <Address>
            <strong>{saved.companyName}</strong>
            {addressLines(saved, i18n.locale).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their order
              <span key={i}>{line}</span>
            ))}
          </Address>
          <Facts>
            <dt>
              <Trans>Tax ID</Trans>
            </dt>
            <dd>{saved.taxId || '—'}</dd>
            <dt>
              <Trans>Billing e-mail</Trans>
            </dt>
            <dd>{saved.billingEmail || '—'}</dd>
          </Facts>
        </>
      ) : (
        <Muted>
          <Trans>
            No billing details yet. Add your company and address, and they will be shown on your invoices.
          </Trans>
        </Muted>
      )}
      {justSaved && (
        <Alert tone="success">
          <Trans>Billing details saved. New invoices are addressed with them.</Trans>
        </Alert>
      )}
      <Cluster>
        <Button
          ref={edit}
          variant={complete ? 'secondary' : 'primary'}
          onClick={() => details.send({ type: 'details.edited' })}
        >
          {complete ? <Trans>Edit billing details</Trans> : <Trans>Add billing details</Trans>}
        </Button>
      </Cluster>
    </>
  );
}

/** Who invoices are addressed to: shown as an address, edited as a form. */
export function BillingDetailsCard({ details }: { details: BillingDetailsRef }) {
  const text = useText();
  const loading = useSelector(details, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(details, (s) => s.matches('loadFailed'));
  const notOffered = useSelector(details, (s) => s.hasTag('notOffered'));
  const editing = useSelector(details, (s) => s.hasTag('editing'));
  const saved = useSelector(details, (s) => s.context.saved);
  const failure = useSelector(details, (s) => s.context.failure);
  return (
    <Body aria-labelledby="billing-details-title">
      <SpreadRow>
        <CardTitle id="billing-details-title">
          <Trans>Billing details</Trans>
        </CardTitle>
      </SpreadRow>
      {loading ? (
        <PanelLoading />
      ) : notOffered ? (
        <NotOffered>
          <Trans>This server does not keep billing details.</Trans>
        </NotOffered>
      ) : loadFailed ? (
        <ErrorPanel
          title={<Trans>Billing details could not be loaded</Trans>}
          message={failure ? text(failure) : undefined}
          onRetry={() => details.send({ type: 'details.retried' })}
        />
      ) : editing ? (
        <DetailsForm details={details} />
      ) : saved ? (
        <DetailsShown details={details} saved={saved} />
      ) : null}
    </Body>
  );
}
