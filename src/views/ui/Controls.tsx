import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styled from 'styled-components';
import { Label } from './Field';

const controlBorder = ({ theme }: { theme: import('styled-components').DefaultTheme }) =>
  theme.color.borderStrong;

export const NativeSelect = styled.select`
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${controlBorder};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

export const TextArea = styled.textarea`
  width: 100%;
  padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${controlBorder};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  line-height: 1.5;
  resize: vertical;
`;

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** A labelled native select: the most robust choice for keyboards, screen readers and phones. */
export function SelectField({
  label,
  hint,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {children}
      </NativeSelect>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <TextArea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </div>
  );
}

const CheckRow = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  cursor: pointer;
  input { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; }
`;

export function Checkbox({
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  return (
    <CheckRow>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </CheckRow>
  );
}
