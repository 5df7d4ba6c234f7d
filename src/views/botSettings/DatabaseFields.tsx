import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { CONNECTION_MODES, DATABASE_TYPES, isDatabaseType } from '../../api/schemas/database';
import type { databaseMachine } from '../../machines/botSettings/database/database.machine';
import { canKeep, type SecretField, TYPE_NAMES } from '../../machines/botSettings/database/databaseForm';
import { secret } from '../../machines/botSettings/database/secret';
import { Button } from '../ui/Button';
import { Label, SelectField, TextField } from '../ui/Field';
import fieldStyles from '../ui/Field.module.css';
import { useText } from '../ui/text';

export type DatabaseActor = ActorRefFrom<typeof databaseMachine>;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: minmax(0, 1fr) 8rem;
  > .wide { grid-column: 1 / -1; }
  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1.5)};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; cursor: pointer; }
  input { accent-color: ${({ theme }) => theme.color.primary}; }
`;

/** An inline error under its field (read with the field: it is the field's description). */
export const FieldError = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Stored = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.sm};
    overflow-wrap: anywhere;
    flex: 1 1 12rem;
  }
  .hint { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; flex-basis: 100%; }
`;

/**
 * An input for a secret that React never writes into the page: no value attribute in the DOM (React copies a
 * controlled value there), so nothing that reads the page's markup finds the password. It starts from the
 * flow's value when it appears, and sends each change as a Secret.
 */
function SecretInput({
  label,
  hint,
  invalid,
  value,
  onChange,
  type,
  field,
  disabled,
  placeholder,
  autoFocus,
}: {
  label: ReactNode;
  hint?: ReactNode;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
  type: 'password' | 'text';
  field: SecretField;
  disabled: boolean;
  placeholder?: string;
  /** Where it replaces a stored secret the user chose to replace: the focus goes on with it. */
  autoFocus: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const initial = useRef(value);
  useLayoutEffect(() => {
    if (input.current) input.current.value = initial.current;
  }, []);
  return (
    <div className="wide">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={input}
        id={id}
        type={type}
        className={fieldStyles.input}
        data-field={field}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        spellCheck={false}
        autoCapitalize="off"
        disabled={disabled}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: it takes the place of the button just pressed
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The connection's fields: type, the way to connect, then the fields of that way. */
export function DatabaseFields({ database, disabled }: { database: DatabaseActor; disabled: boolean }) {
  const { t } = useLingui();
  const text = useText();
  const form = useSelector(database, (s) => s.context.form);
  const errors = useSelector(database, (s) => s.context.errors);
  const stored = useSelector(database, (s) => s.context.stored);
  const send = database.send;
  const modeName = useId();
  const error = (field: keyof typeof errors) => {
    const message = errors[field];
    return message ? <FieldError>{text(message)}</FieldError> : undefined;
  };
  const textField = (field: 'host' | 'port' | 'database' | 'user', label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[field]}
      invalid={Boolean(errors[field])}
      hint={error(field)}
      disabled={disabled}
      data-field={field}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      onChange={(e) => send({ type: 'field.changed', field, value: e.target.value })}
      {...extra}
    />
  );
  const example = EXAMPLES[form.type];
  const modeLabels = { fields: t`Host and credentials`, url: t`Connection string` };

  return (
    <Grid>
      <div className="wide">
        <SelectField
          label={t`Database type`}
          value={form.type}
          disabled={disabled}
          data-field="type"
          onChange={(e) => {
            if (isDatabaseType(e.target.value)) send({ type: 'type.changed', value: e.target.value });
          }}
        >
          {DATABASE_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type]}
            </option>
          ))}
        </SelectField>
      </div>
      <Fieldset className="wide" disabled={disabled}>
        <legend>{t`Connect with`}</legend>
        <Choices>
          {CONNECTION_MODES.map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name={modeName}
                value={mode}
                checked={form.mode === mode}
                onChange={() => send({ type: 'mode.changed', value: mode })}
              />
              {modeLabels[mode]}
            </label>
          ))}
        </Choices>
      </Fieldset>
      {form.mode === 'fields' ? (
        <>
          {textField('host', t`Host`, { placeholder: 'db.example.com' })}
          {textField('port', t`Port`, { inputMode: 'numeric' })}
          <div className="wide">{textField('database', t`Database name`)}</div>
          <div className="wide">{textField('user', t`User`)}</div>
          {form.keep.password ? (
            <StoredSecret
              label={t`Password`}
              shown="••••••••"
              hint={t`A password is stored. It is never shown again; leave it to keep it.`}
              action={t`Replace password`}
              disabled={disabled}
              onAction={() => send({ type: 'secret.replaceRequested', field: 'password' })}
            />
          ) : (
            <>
              <SecretInput
                key="password"
                field="password"
                type="password"
                label={t`Password`}
                value={form.password.reveal()}
                invalid={Boolean(errors.password)}
                hint={
                  error('password') ??
                  (stored && !stored.passwordSet ? t`No password is stored for this connection.` : undefined)
                }
                disabled={disabled}
                autoFocus={canKeep(stored, 'password')}
                onChange={(value) =>
                  send({ type: 'secret.changed', field: 'password', value: secret(value) })
                }
              />
              {canKeep(stored, 'password') && (
                <KeepButton
                  disabled={disabled}
                  onClick={() => send({ type: 'secret.keepRequested', field: 'password' })}
                >
                  {t`Keep the stored password`}
                </KeepButton>
              )}
            </>
          )}
        </>
      ) : form.keep.connectionString ? (
        <StoredSecret
          label={t`Connection string`}
          shown={stored?.connectionString ?? ''}
          hint={error('connectionString') ?? t`The stored string, its password hidden. Leave it to keep it.`}
          action={t`Replace connection string`}
          disabled={disabled}
          onAction={() => send({ type: 'secret.replaceRequested', field: 'connectionString' })}
        />
      ) : (
        <>
          <SecretInput
            key="connectionString"
            field="connectionString"
            type="text"
            label={t`Connection string`}
            value={form.connectionString.reveal()}
            invalid={Boolean(errors.connectionString)}
            hint={error('connectionString') ?? t`For example ${example}`}
            placeholder={`${example.split('://')[0]}://`}
            disabled={disabled}
            autoFocus={canKeep(stored, 'connectionString')}
            onChange={(value) =>
              send({ type: 'secret.changed', field: 'connectionString', value: secret(value) })
            }
          />
          {canKeep(stored, 'connectionString') && (
            <KeepButton
              disabled={disabled}
              onClick={() => send({ type: 'secret.keepRequested', field: 'connectionString' })}
            >
              {t`Keep the stored connection string`}
            </KeepButton>
          )}
        </>
      )}
    </Grid>
  );
}

const EXAMPLES = {
  postgresql: 'postgresql://user:password@db.example.com:5432/shop',
  mysql: 'mysql://user:password@db.example.com:3306/shop',
  sqlserver: 'sqlserver://db.example.com:1433;databaseName=shop;user=sa;password=…',
  mongodb: 'mongodb+srv://user:password@cluster0.example.net/shop',
};

const KeepRow = styled.div`
  grid-column: 1 / -1;
  margin-top: calc(-1 * ${({ theme }) => theme.space(1)});
`;

function KeepButton({ children, ...rest }: { children: ReactNode; disabled: boolean; onClick: () => void }) {
  return (
    <KeepRow>
      <Button size="sm" variant="ghost" {...rest}>
        {children}
      </Button>
    </KeepRow>
  );
}

/** A stored secret: shown masked, with the only thing one can do with it, replace it. */
function StoredSecret({
  label,
  shown,
  hint,
  action,
  disabled,
  onAction,
}: {
  label: string;
  shown: string;
  hint: ReactNode;
  action: string;
  disabled: boolean;
  onAction: () => void;
}) {
  const id = useId();
  return (
    <div className="wide">
      <Label as="p" id={id}>
        {label}
      </Label>
      <Stored role="group" aria-labelledby={id} data-testid="stored-secret">
        <code>{shown}</code>
        <Button size="sm" disabled={disabled} onClick={onAction}>
          {action}
        </Button>
        <span className="hint">{hint}</span>
      </Stored>
    </div>
  );
}
