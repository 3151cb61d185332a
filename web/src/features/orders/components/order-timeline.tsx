import { Text, Timeline } from '@mantine/core';
import { ORDER_ENDINGS, type OrderEventKind, type TimelineEntry } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { TIMELINE_STEP_MESSAGE, timelineNoteText } from '../model';

/** The bullet of an order's end: red for a rejection, grey for a cancellation. */
const ENDING_COLOR: Partial<Record<OrderEventKind, string>> = { rejected: 'red.8', cancelled: 'gray.7' };

/**
 * Where the order has been and what is ahead, step by step: each reached step with its time (in
 * Athens) and who moved it, the steps ahead marked "pending" in words, and each step's notes in the
 * reader's language (an approval, the courier's tracking number, the reason of a rejection). An
 * order that was rejected or cancelled ends there, with nothing pending after it. A list for
 * screen readers.
 */
export function OrderTimeline({ timeline, label }: { timeline: readonly TimelineEntry[]; label: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const active = timeline.reduce((last, entry, index) => (entry.at !== null ? index : last), -1);
  return (
    <Timeline active={active} bulletSize={18} lineWidth={2} role="list" aria-label={label}>
      {timeline.map((entry, index) => {
        const isReached = entry.at !== null;
        const isEnding = (ORDER_ENDINGS as readonly OrderEventKind[]).includes(entry.step);
        return (
          <Timeline.Item
            key={entry.step}
            role="listitem"
            aria-current={index === active ? 'step' : undefined}
            title={intl.formatMessage({ id: TIMELINE_STEP_MESSAGE[entry.step] })}
            lineVariant={index >= active ? 'dashed' : 'solid'}
            {...(isEnding ? { color: ENDING_COLOR[entry.step] } : {})}
          >
            <Text size="sm" c={isReached ? undefined : 'dimmed'}>
              {entry.at !== null ? (
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              ) : (
                intl.formatMessage({ id: 'orders.timeline.pending' })
              )}
            </Text>
            {entry.byName ? (
              <Text size="sm">
                {intl.formatMessage({ id: 'orders.timeline.by' }, { name: entry.byName })}
              </Text>
            ) : null}
            {entry.notes.map((note, noteIndex) => (
              <Text key={noteIndex} size="sm" className="tessera-order-timeline__note">
                {timelineNoteText(intl, note)}
              </Text>
            ))}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
