import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styled from 'styled-components';

export const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1.5)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export const inputStyles = `
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border-radius: 10px;
  font-size: 14px;
`;

export const Input = styled.input`
  ${inputStyles}
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &::placeholder { color: ${({ theme }) => theme.color.textMuted}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.color.danger}; }
  &:disabled { opacity: 0.6; }
`;

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  invalid?: boolean;
}

/** A labelled input; the hint is its description. */
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
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </div>
  );
}
