import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

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
