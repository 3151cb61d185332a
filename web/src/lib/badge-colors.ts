import type { MessageId } from '../i18n/messages';

/**
 * The colours of the status badges (orders, cards, bulk imports, bank-statement lines): dark shades
 * that pass WCAG AA as white text on them and as text on white (Mantine's default green, orange and
 * red shades do not). Colour never carries meaning alone: every badge also says its state in words.
 */
export const BADGE_COLOR = {
  grey: '#495057',
  slate: '#5c5f66',
  blue: '#1864ab',
  teal: '#0b5f5a',
  green: '#2b5d34',
  amber: '#8a4b00',
  crimson: '#a61e4d',
  red: '#b02525',
} as const;

/** A status badge: its words (what it says) and its colour (which only repeats them). */
export type StatusBadge = { label: MessageId; color: string };
