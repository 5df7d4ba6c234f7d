import {
  type ComponentProps,
  type ElementType,
  type LabelHTMLAttributes,
  type ReactNode,
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

type ControlElement = 'input' | 'select' | 'textarea';

/** A field of one kind of native control, styled by the given classes. */
function fieldOf<E extends ControlElement>(element: E, controlClass: string | undefined) {
  const Control = element as ElementType;
  // biome-ignore lint/correctness/noComponentHookFactories: each kind of field is made once, at module load
  return function ControlField({
    label,
    hint,
    invalid,
    className,
    ...control
  }: FieldProps & Omit<ComponentProps<E>, 'id'>) {
    return (
      <Field
        label={label}
        hint={hint}
        invalid={invalid}
        control={(props) => (
          <Control {...props} {...control} className={classNames(controlClass, className)} />
        )}
      />
    );
  };
}

/** A labelled input. */
export const TextField = fieldOf('input', styles.input);
/** A labelled native select: the most robust choice for keyboards, screen readers and phones. */
export const SelectField = fieldOf('select', classNames(styles.input, styles.select));
/** A labelled text area the user can make taller. */
export const TextAreaField = fieldOf('textarea', classNames(styles.input, styles.textarea));
