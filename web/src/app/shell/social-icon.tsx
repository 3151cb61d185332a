import type { SOCIAL_NETWORKS } from '@tessera/domain';
import type { ReactNode } from 'react';

type Network = (typeof SOCIAL_NETWORKS)[number];

const GLYPHS: Record<Network, ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.3" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="9" width="4" height="12" fill="currentColor" />
      <circle cx="5" cy="5" r="2.2" fill="currentColor" />
      <path
        d="M10 9h3.8v1.8c.6-1.1 2-2.1 4-2.1 3.2 0 4.2 2 4.2 5V21h-4v-6.2c0-1.5-.4-2.6-1.9-2.6-1.6 0-2.1 1.2-2.1 2.6V21h-4z"
        fill="currentColor"
      />
    </>
  ),
  facebook: (
    <path
      d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.9c0-.6.3-.9.9-.9z"
      fill="currentColor"
    />
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5-3z" fill="#0a3b38" />
    </>
  ),
};

/** A simple glyph for a social network (decorative; the link carries the name). */
export function SocialIcon({ network }: { network: Network }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {GLYPHS[network]}
    </svg>
  );
}
