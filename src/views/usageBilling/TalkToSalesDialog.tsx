import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { SALES_NUMBERS_MAX, SALES_NUMBERS_MIN } from '../../api/schemas/sales';
import type {
  SalesField,
  salesInquiryMachine,
} from '../../machines/usageBilling/salesInquiry/salesInquiry.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { DialogFooter, DialogForm, Modal } from '../ui/Dialog';
import { NotOffered } from '../ui/Feedback';
import { TextAreaField, TextField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';

export type SalesInquiryRef = ActorRefFrom<typeof salesInquiryMachine>;

const Form = styled(DialogForm)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Sent = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  p { margin: 0; }
`;

/** What each field sends as it is typed, and its label, hint and error. */
function useField(sales: SalesInquiryRef, field: SalesField) {
  const text = useText();
  const value = useSelector(sales, (s) => s.context.form[field]);
  const error = useSelector(sales, (s) => s.context.errors[field]);
  const sending = useSelector(sales, (s) => s.hasTag('sending'));
  return {
    value,
    invalid: Boolean(error),
    disabled: sending,
    'data-field': field,
    errorText: error ? text(error) : undefined,
    onChange: (e: { target: { value: string } }) =>
      sales.send({ type: 'field.changed', field, value: e.target.value }),
  };
}

function Field({
  sales,
  field,
  label,
  hint,
  ...input
}: {
  sales: SalesInquiryRef;
  field: SalesField;
  label: ReactNode;
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const { errorText, ...props } = useField(sales, field);
  return <TextField label={label} hint={errorText ?? hint} {...props} {...input} />;
}

/**
 * Talk to sales: who asks, for how many WhatsApp numbers, and what they need. The machine checks the form
 * and sends it; a refused Send moves the focus to the first field to fix.
 */
export function TalkToSalesDialog({ sales }: { sales: SalesInquiryRef }) {
  const { t } = useLingui();
  const text = useText();
  const open = useSelector(sales, (s) => s.matches('open'));
  const sending = useSelector(sales, (s) => s.hasTag('sending'));
  const sent = useSelector(sales, (s) => s.hasTag('sent'));
  const notOffered = useSelector(sales, (s) => s.hasTag('notOffered'));
  const failure = useSelector(sales, (s) => s.context.failure);
  const receipt = useSelector(sales, (s) => s.context.receipt);
  const message = useField(sales, 'message');
  const { errorText: messageError, ...messageProps } = message;
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const subscription = sales.on('form.refused', ({ field }) => {
      body.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
    return () => subscription.unsubscribe();
  }, [sales]);

  const close = () => sales.send({ type: 'sales.closed' });
  const reason = failure ? text(failure) : '';
  const reference = receipt?.id ?? '';
  const min = SALES_NUMBERS_MIN;
  const max = SALES_NUMBERS_MAX;

  return (
    <Modal
      open={open}
      onClose={close}
      title={<Trans>Talk to sales</Trans>}
      description={
        <Trans>Tell us what you need: our team answers within one business day, in your language.</Trans>
      }
      width={560}
    >
      <div ref={body}>
        {sent ? (
          <Sent role="status">
            <p>
              <strong>
                <Trans>Thank you, your message is with our sales team.</Trans>
              </strong>
            </p>
            <p>
              <Trans>We will reply to the e-mail address you gave. Your reference: {reference}</Trans>
            </p>
            <DialogFooter>
              <Button variant="primary" onClick={close}>
                <Trans>Done</Trans>
              </Button>
            </DialogFooter>
          </Sent>
        ) : (
          <Form busy={sending} onSubmit={() => sales.send({ type: 'inquiry.submitted' })}>
            <Pair>
              <Field sales={sales} field="name" label={<Trans>Your name</Trans>} autoComplete="name" />
              <Field
                sales={sales}
                field="email"
                label={<Trans>Work e-mail</Trans>}
                type="email"
                autoComplete="email"
              />
            </Pair>
            <Pair>
              <Field
                sales={sales}
                field="company"
                label={<Trans>Company</Trans>}
                autoComplete="organization"
              />
              <Field
                sales={sales}
                field="numbers"
                label={<Trans>WhatsApp numbers needed</Trans>}
                hint={
                  <Trans>
                    From {min} to {max}.
                  </Trans>
                }
                inputMode="numeric"
              />
            </Pair>
            <TextAreaField
              label={<Trans>Message (optional)</Trans>}
              hint={messageError ?? <Trans>What you would like to do, and anything we should know.</Trans>}
              rows={4}
              {...messageProps}
            />
            {failure && (
              <Alert>
                <Trans>Your message could not be sent: {reason}. What you typed is kept; try again.</Trans>
              </Alert>
            )}
            {notOffered && (
              <NotOffered>
                <Trans>
                  This server does not take messages for sales. What you typed is kept: copy it to write to
                  your provider.
                </Trans>
              </NotOffered>
            )}
            <DialogFooter>
              <Button onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" variant="primary" disabled={sending || notOffered}>
                {sending && <Spinner />}
                {sending ? t`Sending…` : t`Send to sales`}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </div>
    </Modal>
  );
}
