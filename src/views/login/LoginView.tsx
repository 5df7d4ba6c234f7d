import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Suspense, useContext, useEffect, useMemo, useRef } from 'react';
import { Redirect } from 'wouter';
import { preloadAuthCalls } from '../../api/auth';
import { loginMachine } from '../../machines/login/login.machine';
import { safeRedirect } from '../../machines/root/session/redirect';
import { useFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { useSession } from '../ui/appActors';
import { Button } from '../ui/Button';
import { DemoSlotsContext } from '../ui/demoSlots';
import { TextField } from '../ui/Field';
import { LanguageMenu, ThemeMenu } from '../ui/PreferenceMenus';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import styles from './LoginView.module.css';
import { MarketingPanel } from './MarketingPanel';

export function LoginView() {
  // The demo mailbox, where the demo build has one.
  const { LoginMailbox } = useContext(DemoSlotsContext);
  const { t } = useLingui();
  const text = useText();
  const signedIn = useSession((s) => s.hasTag('signedIn'));
  // Only someone already signed in when arriving is sent away; a fresh sign-in waits for its own redirect.
  const signedInOnArrival = useRef(signedIn).current;
  // (No location when the page is prerendered at build time.)
  const target = useMemo(
    () => safeRedirect(new URLSearchParams(globalThis.location?.search ?? '').get('redirect')),
    [],
  );

  const flow = useFlow('login', loginMachine, { input: { redirectTo: target } });
  const send = flow.send;
  const email = useSelector(flow, (s) => s.context.email);
  const code = useSelector(flow, (s) => s.context.code);
  const sendCount = useSelector(flow, (s) => s.context.sendCount);
  const error = useSelector(flow, (s) => s.context.error);
  const codeSent = useSelector(flow, (s) => s.hasTag('codeSent'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const sending = useSelector(flow, (s) => s.hasTag('sending'));
  const submitting = useSelector(flow, (s) => s.hasTag('submitting'));
  const done = useSelector(flow, (s) => s.hasTag('signedIn') || s.status === 'done');
  const canSendCode = useSelector(flow, (s) => s.can({ type: 'code.sendRequested' }));
  const canSubmit = useSelector(flow, (s) => s.can({ type: 'login.submitted' }));
  // The sign-in calls need their schemas; fetch them once the page is idle, not before it paints.
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
    idle(preloadAuthCalls);
  }, []);
  // The page arrives rendered, and a visitor on a slow line may type the address before its code has run:
  // hydrated, the field still shows it, so the flow takes it as typed (else Send Code would stay disabled
  // beside a filled field).
  const emailInput = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page becomes interactive
  useEffect(() => {
    const typed = emailInput.current?.value ?? '';
    if (typed !== '' && typed !== flow.getSnapshot().context.email)
      send({ type: 'email.changed', value: typed });
  }, []);

  if (signedInOnArrival) return <Redirect to={target} replace />;

  return (
    <div className={styles.page}>
      <MarketingPanel />
      <main className={styles.formSide}>
        <div className={styles.corner}>
          <LanguageMenu compact />
          <ThemeMenu compact />
        </div>
        <div className={styles.panel}>
          <div>
            <h1>
              <Trans>Sign in</Trans>
            </h1>
            <p className={styles.subtitle}>
              <Trans>We e-mail you a one-time code. No password needed.</Trans>
            </p>
          </div>
          <form
            noValidate
            aria-busy={busy}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: codeSent ? 'login.submitted' : 'code.sendRequested' });
            }}
          >
            <div className={styles.emailRow}>
              <TextField
                label={<Trans>E-mail</Trans>}
                type="email"
                name="email"
                autoComplete="email"
                required
                ref={emailInput}
                value={email}
                disabled={done}
                onChange={(e) => send({ type: 'email.changed', value: e.target.value })}
              />
              <Button
                type={codeSent ? 'button' : 'submit'}
                variant={codeSent ? 'secondary' : 'primary'}
                disabled={busy || !canSendCode}
                onClick={codeSent ? () => send({ type: 'code.sendRequested' }) : undefined}
              >
                {sending && <Spinner />}
                {sendCount > 0 ? <Trans>Resend Code</Trans> : <Trans>Send Code</Trans>}
              </Button>
            </div>
            {codeSent && (
              <TextField
                label={<Trans>Verification code</Trans>}
                hint={<Trans>We sent a 6-digit code to {email}. It is valid for 10 minutes.</Trans>}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                autoFocus
                value={code}
                disabled={done}
                onChange={(e) => send({ type: 'code.changed', value: e.target.value })}
              />
            )}
            {error && <Alert>{text(error)}</Alert>}
            {done && (
              <Alert tone="success">
                <Trans>Signed in. Taking you to your dashboard…</Trans>
              </Alert>
            )}
            <Button type="submit" variant="primary" block disabled={!codeSent || busy || !canSubmit}>
              {submitting && <Spinner />}
              <Trans>Sign in</Trans>
            </Button>
          </form>
          {LoginMailbox && (
            <Suspense fallback={null}>
              <LoginMailbox
                email={email}
                onPickEmail={(value) => send({ type: 'email.changed', value })}
                onUseCode={(value) => send({ type: 'code.changed', value })}
                label={t`Demo mailbox`}
              />
            </Suspense>
          )}
        </div>
      </main>
    </div>
  );
}
