import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  position: relative;
  height: 6px;
  margin-top: ${({ theme }) => theme.space(1.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $ratio: number }>`
  height: 100%;
  width: ${({ $ratio }) => Math.min(100, Math.max(0, $ratio * 100))}%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.motion.normal};
`;

/** Moving while nothing is known of the bytes sent yet; still for those who ask for less motion. */
const Unknown = styled.div`
  height: 100%;
  width: 40%;
  background: ${({ theme }) => theme.color.primary};
  opacity: 0.7;
  animation: ${slide} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    width: 100%;
    opacity: 0.35;
  }
`;

/**
 * The bytes of one file sent so far, as a progress bar. `loaded` null is not known yet (indeterminate: no
 * value for assistive technology either). `valueText` says the value in words ("1.20 MB of 3.40 MB").
 */
export function UploadProgressBar({
  label,
  loaded,
  total,
  valueText,
}: {
  label: string;
  loaded: number | null;
  total: number;
  valueText?: string;
}) {
  const known = loaded !== null;
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? total : undefined}
      aria-valuenow={known ? loaded : undefined}
      aria-valuetext={known ? valueText : undefined}
    >
      {known ? <Fill $ratio={total > 0 ? loaded / total : 0} /> : <Unknown />}
    </Track>
  );
}
