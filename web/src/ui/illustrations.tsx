import type { ReactNode } from 'react';

type IllustrationProps = { size?: number; className?: string };

/** The frame of a decorative picture: a square of `size` pixels, hidden from assistive technology. */
function Illustration({
  size,
  className,
  children,
}: {
  size: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 120 120"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** Decorative picture for empty lists (hidden from assistive technology). */
export function EmptyStateIllustration({ size = 120, className }: IllustrationProps) {
  return (
    <Illustration size={size} className={className}>
      <circle cx="60" cy="60" r="56" fill="#e6f2f1" />
      <rect x="30" y="38" width="60" height="44" rx="6" fill="#ffffff" stroke="#0b5f5a" strokeWidth="3" />
      <path d="M30 50h60" stroke="#0b5f5a" strokeWidth="3" />
      <rect x="38" y="60" width="22" height="6" rx="3" fill="#9dd3ce" />
      <rect x="38" y="70" width="34" height="6" rx="3" fill="#cce8e6" />
      <circle cx="86" cy="84" r="13" fill="#ffffff" stroke="#0b5f5a" strokeWidth="3" />
      <path d="M95 93l8 8" stroke="#0b5f5a" strokeWidth="4" strokeLinecap="round" />
    </Illustration>
  );
}

/** Decorative warning picture (system problems, failed loads). */
export function WarningIllustration({ size = 120, className }: IllustrationProps) {
  return (
    <Illustration size={size} className={className}>
      <circle cx="60" cy="60" r="56" fill="#fdf1e1" />
      <path
        d="M60 24L98 90a4 4 0 0 1-3.5 6h-69A4 4 0 0 1 22 90L60 24z"
        fill="#ffffff"
        stroke="#a4570a"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M60 50v20" stroke="#a4570a" strokeWidth="6" strokeLinecap="round" />
      <circle cx="60" cy="82" r="4" fill="#a4570a" />
    </Illustration>
  );
}
