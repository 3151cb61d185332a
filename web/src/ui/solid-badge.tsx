import type { ReactNode } from 'react';

/**
 * A filled status badge, white words on one of `BADGE_COLOR`, drawn by the stylesheet as Mantine's
 * filled Badge (size md, radius sm) is: the merchant home shows two and does not load the Badge
 * component's code for them (issue 36 §4, ADR 052).
 */
export function SolidBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className="tessera-solid-badge" style={{ background: color }}>
      <span className="tessera-solid-badge__label">{children}</span>
    </span>
  );
}
