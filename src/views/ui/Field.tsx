import {
  type ElementType,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type Ref,
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

function Input({
  className,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input {...rest} className={classNames(styles.input, className)} />;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  invalid?: boolean;
}

/** A labelled input; the hint is its description. Plain CSS: it is on the sign-in page. */
export function TextField({ label, hint, invalid, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
