import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { type DatabaseConnection, type DatabaseTestResult, whereOf } from '../../api/schemas/database';
import { type DatabaseFailure, databaseMachine } from '../../machines/botSettings/database/database.machine';
import { TYPE_NAMES } from '../../machines/botSettings/database/databaseForm';
import { useRegisterFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { DialogFooter, DialogForm, Modal } from '../ui/Dialog';
import { Badge, ErrorPanel, NotOffered, PanelLoading } from '../ui/Feedback';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import { type DatabaseActor, DatabaseFields } from './DatabaseFields';

export type { DatabaseActor } from './DatabaseFields';

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  > div { display: grid; gap: ${({ theme }) => theme.space(1)}; min-width: 0; }
  strong { overflow-wrap: anywhere; }
`;

const Form = styled(DialogForm)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Result = styled.div<{ $tone: 'success' | 'danger' | 'none' }>`
  /* Empty, it stays in the page (a live region must be there before what it announces). */
  &:empty { padding: 0; border: 0; }
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'none' ? theme.color.border : theme.color[$tone])};
  background: ${({ theme, $tone }) => ($tone === 'none' ? theme.color.surfaceAlt : theme.color[`${$tone}Soft`])};
  color: ${({ theme }) => theme.color.text};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  small { color: ${({ theme }) => theme.color.textMuted}; overflow-wrap: anywhere; }
`;

const Footer = styled(DialogFooter)`
  justify-content: space-between;
  > div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; }
`;

/** "PostgreSQL · db.example.com · shop": what a connection points at (server text shown as text). */
export function describeConnection(c: DatabaseConnection): string {
  const { host, database } = whereOf(c);
  return [TYPE_NAMES[c.type], host, database].filter(Boolean).join(' · ');
}

/** The external database: its summary on the Knowledge tab, with the button that opens its dialog. */
export function DatabaseSection({ database }: { database: DatabaseActor }) {
  useRegisterFlow('database', database, databaseMachine);
  const text = useText();
  const reading = useSelector(database, (s) => s.matches({ closed: 'reading' }));
  const unknown = useSelector(database, (s) => s.matches({ closed: 'unknown' }));
  const notOffered = useSelector(database, (s) => s.hasTag('notOffered'));
  const stored = useSelector(database, (s) => s.context.stored);
  const failure = useSelector(database, (s) => s.context.failure);
  const open = useSelector(database, (s) => s.matches('open'));
  const opener = useRef<HTMLButtonElement>(null);
  // Closed (Escape, Cancel, a save), the dialog gives the focus back to its button unless the page took it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) {
      const lost = () => !document.activeElement || document.activeElement === document.body;
      requestAnimationFrame(() => {
        if (lost()) opener.current?.focus();
      });
    }
    wasOpen.current = open;
  }, [open]);

  const where = stored ? describeConnection(stored) : '';

  if (notOffered) {
    return (
      <NotOffered>
        <Trans>This server does not connect bots to databases.</Trans>
      </NotOffered>
    );
  }
  if (unknown) {
    return (
      <ErrorPanel
        title={<Trans>The database connection could not be read.</Trans>}
        message={failure ? text(failure.message) : undefined}
        onRetry={() => database.send({ type: 'summary.retried' })}
      />
    );
  }
  return (
    <>
      <Summary data-testid="database-summary">
        <div role="status">
          {reading ? (
            <Muted>
              <Trans>Checking the connection…</Trans>
            </Muted>
          ) : stored ? (
            <>
              <span>
                <Trans>
                  Connected to <strong>{where}</strong>
                </Trans>
              </span>
              {!stored.passwordSet && (
                <span>
                  <Badge $tone="warning">
                    <Trans>No password stored</Trans>
                  </Badge>
                </span>
              )}
            </>
          ) : (
            <Muted>
              <Trans>Not connected</Trans>
            </Muted>
          )}
        </div>
        <Button ref={opener} disabled={reading} onClick={() => database.send({ type: 'database.opened' })}>
          {stored ? <Trans>Edit connection</Trans> : <Trans>Connect a database</Trans>}
        </Button>
      </Summary>
      <DatabaseDialog database={database} />
    </>
  );
}

function failureText(failure: DatabaseFailure, message: string) {
  switch (failure.during) {
    case 'test':
      return <Trans>The connection could not be tested: {message}</Trans>;
    case 'save':
      return <Trans>The connection could not be saved: {message}</Trans>;
    case 'remove':
      return <Trans>The connection could not be removed: {message}</Trans>;
    default:
      return <Trans>The connection could not be loaded: {message}</Trans>;
  }
}

/** What a test answered, in the user's language; the server's own words (untrusted) only as text. */
function TestResultText({ result }: { result: DatabaseTestResult }) {
  const { t } = useLingui();
  if (result.ok) {
    const version = result.serverVersion ?? '';
    const latency = result.latencyMs === undefined ? null : Math.round(result.latencyMs);
    return (
      <>
        <strong>{t`Connection succeeded.`}</strong>
        <small>
          {version && latency !== null
            ? t`${version}, answered in ${latency} ms`
            : version || (latency !== null ? t`Answered in ${latency} ms` : '')}
        </small>
      </>
    );
  }
  const reasons: Record<NonNullable<DatabaseTestResult['reason']>, string> = {
    unreachable: t`The database server could not be reached. Check the host and port, and that it accepts connections from outside.`,
    authFailed: t`The user name or password was not accepted.`,
    invalidConnectionString: t`The connection string could not be read. Check its format.`,
    other: t`The connection failed.`,
  };
  return (
    <>
      <strong>{reasons[result.reason ?? 'other']}</strong>
      {result.message && <small>{result.message}</small>}
    </>
  );
}

/** The dialog: load, edit, test, save or remove the connection. */
function DatabaseDialog({ database }: { database: DatabaseActor }) {
  const { t } = useLingui();
  const text = useText();
  const open = useSelector(database, (s) => s.matches('open'));
  const loading = useSelector(database, (s) => s.matches({ open: 'loading' }));
  const loadFailed = useSelector(database, (s) => s.matches({ open: 'loadFailed' }));
  const confirming = useSelector(database, (s) => s.matches({ open: 'confirmingRemove' }));
  const testing = useSelector(database, (s) => s.hasTag('testing'));
  const saving = useSelector(database, (s) => s.hasTag('saving'));
  const removing = useSelector(database, (s) => s.hasTag('removing'));
  const busy = useSelector(database, (s) => s.hasTag('busy'));
  const stored = useSelector(database, (s) => s.context.stored);
  const result = useSelector(database, (s) => s.context.result);
  const failure = useSelector(database, (s) => s.context.failure);
  const canRemove = useSelector(database, (s) => s.can({ type: 'remove.requested' }));
  const canTest = useSelector(database, (s) => s.can({ type: 'connection.tested' }));
  const canSave = useSelector(database, (s) => s.can({ type: 'connection.saved' }));
  const body = useRef<HTMLDivElement>(null);

  // A refused test or save points at its field.
  useEffect(() => {
    const subscription = database.on('form.refused', ({ field }) => {
      body.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();
    });
    return () => subscription.unsubscribe();
  }, [database]);

  const close = () => database.send({ type: 'database.closed' });
  const tone = testing || !result ? 'none' : result.ok ? 'success' : 'danger';

  return (
    <Modal
      open={open}
      onClose={close}
      title={<Trans>External database</Trans>}
      description={
        <Trans>The bot looks answers up in this database. A saved password is never shown again.</Trans>
      }
      width={560}
    >
      <div ref={body}>
        {loading ? (
          <PanelLoading>
            <Trans>Loading the connection…</Trans>
          </PanelLoading>
        ) : loadFailed ? (
          <ErrorPanel
            title={<Trans>The connection could not be loaded.</Trans>}
            message={failure ? text(failure.message) : undefined}
            onRetry={() => database.send({ type: 'load.retried' })}
          />
        ) : (
          <Form busy={busy} onSubmit={() => database.send({ type: 'connection.saved' })}>
            <DatabaseFields database={database} disabled={busy || confirming} />
            <Result role="status" aria-live="polite" $tone={tone} data-testid="database-test-result">
              {testing ? (
                <span>{t`Testing the connection…`}</span>
              ) : result ? (
                <TestResultText result={result} />
              ) : null}
            </Result>
            {failure && <Alert>{failureText(failure, text(failure.message))}</Alert>}
            {confirming || removing ? (
              <Alert tone="warning">
                <p>
                  <Trans>
                    Disconnect this database? The bot stops looking answers up in it, and its password is
                    deleted.
                  </Trans>
                </p>
                <DialogFooter style={{ marginTop: 8 }}>
                  <Button disabled={removing} onClick={() => database.send({ type: 'remove.cancelled' })}>
                    <Trans>Keep the connection</Trans>
                  </Button>
                  <Button
                    variant="danger"
                    disabled={removing}
                    onClick={() => database.send({ type: 'remove.confirmed' })}
                  >
                    {removing && <Spinner />}
                    <Trans>Disconnect</Trans>
                  </Button>
                </DialogFooter>
              </Alert>
            ) : (
              <Footer>
                <div>
                  {stored && (
                    <Button
                      variant="ghost"
                      disabled={!canRemove}
                      onClick={() => database.send({ type: 'remove.requested' })}
                    >
                      <Trans>Disconnect</Trans>
                    </Button>
                  )}
                </div>
                <div>
                  <Button disabled={!canTest} onClick={() => database.send({ type: 'connection.tested' })}>
                    {testing && <Spinner />}
                    <Trans>Test connection</Trans>
                  </Button>
                  <Button onClick={close}>
                    <Trans>Cancel</Trans>
                  </Button>
                  <Button type="submit" variant="primary" disabled={!canSave}>
                    {saving && <Spinner />}
                    {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
                  </Button>
                </div>
              </Footer>
            )}
          </Form>
        )}
      </div>
    </Modal>
  );
}
