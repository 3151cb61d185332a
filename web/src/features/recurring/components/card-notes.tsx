import { List } from '@mantine/core';
import type { RecurringCardNoteView } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { lastFour } from '../model';
import { CARD_NOTE_MESSAGE } from './labels';

/**
 * The cards a run left out (blocked, expired…) or moved to their replacement, one line each:
 * the cardholder, the card's last digits and what happened.
 */
export function CardNotes({ notes, label }: { notes: readonly RecurringCardNoteView[]; label: string }) {
  const intl = useIntl();
  if (notes.length === 0) return null;
  return (
    <List size="sm" spacing={4} aria-label={label} className="tessera-recurring-notes">
      {notes.map((note) => (
        <List.Item key={`${note.cardId}-${note.note}`}>
          {intl.formatMessage(
            { id: 'recurring.note.line' },
            {
              holder: note.cardholderName,
              last4: lastFour(note.maskedNumber),
              note: intl.formatMessage({ id: CARD_NOTE_MESSAGE[note.note] }),
            },
          )}
        </List.Item>
      ))}
    </List>
  );
}
