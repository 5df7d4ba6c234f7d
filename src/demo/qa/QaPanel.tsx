import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SCENARIOS } from '../../../mocks/scenarios';
import { implicitEvents, stateNodes } from '../../machines/model';
import { Button } from '../../views/ui/Button';
import { MODAL_PERSISTENT } from '../../views/ui/Dialog';
import { Badge } from '../../views/ui/Feedback';
import { SelectField } from '../../views/ui/Field';
import { withStyledTheme } from '../../views/ui/StyledTheme';
import { media } from '../../views/ui/theme';
import { FLOW_MODELS } from './models';
import { qaRuntime } from './runtime';
import { SimulatePhone } from './SimulatePhone';
import { jumpTo, stateLink } from './stateLink';

// Below the page, in its flow, never over it: a fixed place is over the product somewhere (top centre lay over the
// top bar's "Early access" at 375 px and over the tops of tall dialogs; every corner holds a control on some
// screen, and a dialog at 375 px leaves no margin to spare). Here the tools take room of their own after the
// last of the page, at every width, and the product's fixed parts (the top bar, a dialog and its backdrop)
// lie over them instead. They are one scroll away on every page, and Alt+Shift+Q opens the panel from anywhere.
const Launcher = styled.aside`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-top: 1px dashed ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const PANEL_WIDTH = 380;

// Docked: the page, its dialogs (Ariakit marks them data-dialog / data-backdrop) and its toasts keep clear
// of the panel, so QA sees and reaches the whole screen of the state they jumped to.
const Docked = createGlobalStyle`
  /* From this width the page makes room for the panel instead of lying under it. */
  @media ${media.from('xl')} {
    body { margin-right: ${PANEL_WIDTH}px; }
    [data-dialog], [data-backdrop] { right: ${PANEL_WIDTH}px !important; }
    [role='region'][aria-live='polite'] { right: ${PANEL_WIDTH + 16}px !important; }
  }
`;

const Panel = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 80;
  width: min(${PANEL_WIDTH}px, 100vw);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(4)};
  display: grid;
  /* One column no wider than the panel: long context lines scroll inside their own box. */
  grid-template-columns: minmax(0, 1fr);
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-left: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.pop};
  font-size: ${({ theme }) => theme.font.size.sm};
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; }
  h3 { font-size: ${({ theme }) => theme.font.size.md}; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;

const ScrollBox = styled.section`
  max-height: 180px;
  overflow: auto;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceAlt};
  pre {
    margin: 0;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

// The title and Close stay in view while the panel scrolls.
const Header = styled(Row)`
  position: sticky;
  top: calc(-1 * ${({ theme }) => theme.space(4)});
  z-index: 1;
  margin: calc(-1 * ${({ theme }) => theme.space(4)}) 0 0;
  padding: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  background: ${({ theme }) => theme.color.surface};
  justify-content: space-between;
`;

const EventRow = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  textarea { font-family: ${({ theme }) => theme.font.mono}; font-size: ${({ theme }) => theme.font.size.xs}; }
`;

const summarize = (value: unknown) =>
  JSON.stringify(
    value,
    (_k, v) => (Array.isArray(v) && v.length > 5 ? [...v.slice(0, 5), `… ${v.length - 5} more`] : v),
    2,
  )?.slice(0, 3000);

/** A box of text that may scroll: a labelled stop in the tab order, so keyboard users can scroll it too. */
function Scroller({
  label,
  children,
  ...rest
}: {
  label: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <ScrollBox aria-label={label} tabIndex={0} {...rest}>
      <pre>{children}</pre>
    </ScrollBox>
  );
}

function EventForm({ event, onSend }: { event: EventObject; onSend: (e: EventObject) => void }) {
  const { t } = useLingui();
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const hasData = Object.keys(payload).length > 0;
  const [text, setText] = useState(() => JSON.stringify(payload, null, 1));
  const [error, setError] = useState('');
  return (
    <EventRow
      onSubmit={(e) => {
        e.preventDefault();
        try {
          onSend({ type, ...(hasData ? JSON.parse(text) : {}) });
          setError('');
        } catch {
          setError(t`Not valid JSON`);
        }
      }}
    >
      <Row>
        <Button type="submit" size="sm">
          {type}
        </Button>
      </Row>
      {hasData && (
        <textarea
          aria-label={t`Data of ${type}`}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {error && <span role="alert">{error}</span>}
    </EventRow>
  );
}

/**
 * The QA tools (demo and development builds): the running flows, their state, tags, context and transitions,
 * the events each accepts, jumps to any state (also as a link), and the mock backend's scenario.
 */
function QaPanelRoot() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState('');
  const [jumpState, setJumpState] = useState('');
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  useSyncExternalStore(qaRuntime.subscribe, qaRuntime.version);

  // A layout effect, so the shortcut works from the moment the launcher is on screen (a passive effect can
  // run a frame later, and a key pressed in between was lost).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyQ') setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Opening moves the focus into the panel; closing gives it back to the launcher, unless the page took it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current && (document.activeElement === document.body || !document.activeElement))
      launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const flows = qaRuntime.flows();
  const flow = flows.find((f) => f.id === selected) ?? flows[0];
  const model = flow ? FLOW_MODELS[flow.id] : undefined;
  const snapshot = flow?.actor.getSnapshot() as AnyMachineSnapshot | undefined;
  const candidates = model ? [...model.events, ...implicitEvents(model.machine, model)] : [];
  const accepted = snapshot ? candidates.filter((e) => snapshot.can(e)) : [];
  const states = model ? stateNodes(model.machine).map((n) => n.id) : [];
  const scenario = qaRuntime.scenario();
  const timeline = qaRuntime
    .timeline()
    .filter((e) => e.flow === flow?.id)
    .slice(-12)
    .reverse();

  return (
    <>
      <Launcher aria-labelledby="demo-tools-title" {...{ [MODAL_PERSISTENT]: '' }}>
        <span id="demo-tools-title">
          <Trans>Demo tools</Trans>
        </span>
        <Button
          ref={launcher}
          size="sm"
          aria-expanded={open}
          aria-controls="qa-panel"
          title={t`QA tools (Alt+Shift+Q)`}
          onClick={() => setOpen((o) => !o)}
        >
          <Trans>QA</Trans>
        </Button>
        {scenario !== 'happy' && (
          <Badge $tone="warning" data-testid="scenario-badge">
            <Trans>Scenario: {scenario}</Trans>
          </Badge>
        )}
      </Launcher>
      {open && <Docked />}
      {open && (
        <Panel
          id="qa-panel"
          aria-labelledby="qa-title"
          {...{ [MODAL_PERSISTENT]: '' }}
          // Escape closes the panel when the focus is in it (elsewhere it belongs to the page, e.g. a dialog).
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <Header>
            <h2 id="qa-title" tabIndex={-1} ref={heading}>
              <Trans>QA tools</Trans>
            </h2>
            <Button size="sm" variant="ghost" onClick={close}>
              <Trans>Close</Trans>
            </Button>
          </Header>
          <section>
            <SelectField
              label={<Trans>Mock scenario</Trans>}
              value={scenario}
              onChange={(e) => {
                const url = new URL(location.href);
                url.searchParams.set('scenario', e.target.value);
                location.assign(url.toString());
              }}
            >
              {SCENARIOS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
          </section>
          <section>
            <SelectField
              label={<Trans>Running flow</Trans>}
              value={flow?.id ?? ''}
              onChange={(e) => setSelected(e.target.value)}
            >
              {flows.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.id}
                </option>
              ))}
            </SelectField>
          </section>
          {flow && snapshot && (
            <>
              <section>
                <h3>
                  <Trans>State</Trans>
                </h3>
                <Scroller data-testid="qa-state" label={t`Current state`}>
                  {summarize(snapshot.value)}
                </Scroller>
                <Row style={{ marginTop: 8 }}>
                  {[...snapshot.tags].map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </Row>
              </section>
              <section>
                <h3>
                  <Trans>Context</Trans>
                </h3>
                <Scroller label={t`Context`}>{summarize(snapshot.context)}</Scroller>
              </section>
              {model && (
                <section>
                  <h3>
                    <Trans>Jump to state</Trans>
                  </h3>
                  <SelectField
                    label={<Trans>State</Trans>}
                    value={jumpState}
                    onChange={(e) => setJumpState(e.target.value)}
                  >
                    <option value="">{t`Choose a state`}</option>
                    {states.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </SelectField>
                  <Row style={{ marginTop: 8 }}>
                    <Button
                      size="sm"
                      variant="primary"
                      disabled={!jumpState}
                      onClick={() =>
                        setNote(
                          jumpTo(flow.id, jumpState) ? t`Jumped to ${jumpState}` : t`No path to ${jumpState}`,
                        )
                      }
                    >
                      <Trans>Jump</Trans>
                    </Button>
                    <Button
                      size="sm"
                      disabled={!jumpState}
                      onClick={() => {
                        const link = stateLink(flow.id, jumpState);
                        setNote(link);
                        // The link is shown either way: the clipboard may be refused (no permission, no focus).
                        navigator.clipboard?.writeText(link).catch(() => {});
                      }}
                    >
                      <Trans>Copy state link</Trans>
                    </Button>
                  </Row>
                  {note && (
                    <p role="status" style={{ wordBreak: 'break-all', marginTop: 8 }}>
                      {note}
                    </p>
                  )}
                </section>
              )}
              <section>
                <h3>
                  <Trans>Events it accepts now</Trans>
                </h3>
                {accepted.length === 0 && (
                  <p>
                    <Trans>None: this state waits for nothing the model knows.</Trans>
                  </p>
                )}
                {accepted.map((e) => (
                  <EventForm
                    key={`${flow.id}-${JSON.stringify(e)}`}
                    event={e}
                    onSend={(ev) => flow.actor.send(ev)}
                  />
                ))}
              </section>
              <section>
                <h3>
                  <Trans>Timeline</Trans>
                </h3>
                <Scroller data-testid="qa-timeline" label={t`Timeline`}>
                  {timeline
                    .map(
                      (e) =>
                        `${new Date(e.at).toLocaleTimeString()}  ${e.event.type}  →  ${JSON.stringify(e.state)}`,
                    )
                    .join('\n')}
                </Scroller>
              </section>
            </>
          )}
          <SimulatePhone />
        </Panel>
      )}
    </>
  );
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const QaPanel = withStyledTheme(QaPanelRoot);
