import {
  type ElementType,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { classNames } from './classNames';
import styles from './Field.module.css';

/** A field's label; `as="p"` where it heads something that is not a single input. */
export function Label({
  as: Element = 'label',
  className,
  ...rest
}: LabelHTMLAttributes<HTMLLabelElement> & { as?: ElementType }) {
  return <Element {...rest} className={classNames(styles.label, className)} />;
}

interface FieldProps {
  label: ReactNode;
  /** The control's description, read with it. */
  hint?: ReactNode;
  invalid?: boolean;
}

/**
 * The one field pattern: a label, the control, and a hint that describes it. Plain CSS, since the sign-in
 * page uses it before the screens' styles load.
 */
function Field({
  label,
  hint,
  invalid,
  control,
}: FieldProps & {
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {control({
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': hint ? `${id}-hint` : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input. */
export function TextField({ label, hint, invalid, className, ...input }: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      invalid={invalid}
      control={(props) => <input {...props} {...input} className={classNames(styles.input, className)} />}
    />
  );
}

/** A labelled native select: the most robust choice for keyboards, screen readers and phones. */
export function SelectField({
  label,
  hint,
  invalid,
  className,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Field
      label={label}
      hint={hint}
      invalid={invalid}
      control={(props) => (
        <select {...props} {...select} className={classNames(styles.input, styles.select, className)} />
      )}
    />
  );
}

/** A labelled text area that grows by hand (resizable vertically). */
export function TextAreaField({
  label,
  hint,
  invalid,
  className,
  ...area
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field
      label={label}
      hint={hint}
      invalid={invalid}
      control={(props) => (
        <textarea {...props} {...area} className={classNames(styles.input, styles.textarea, className)} />
      )}
    />
  );
}
