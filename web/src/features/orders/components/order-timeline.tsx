import { Text, Timeline } from '@mantine/core';
import type { TimelineEntry } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { TIMELINE_STEP_MESSAGE } from '../model';

/**
 * Where the order has been and what is ahead, step by step: each reached step with its time (in
 * Athens) and who moved it, the steps ahead marked "pending" in words, and each step's note (the
 * courier's tracking number, the reason of a rejection). A list for screen readers.
 */
export function OrderTimeline({ timeline, label }: { timeline: readonly TimelineEntry[]; label: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const active = timeline.reduce((last, entry, index) => (entry.at !== null ? index : last), -1);
  return (
    <Timeline active={active} bulletSize={18} lineWidth={2} role="list" aria-label={label}>
      {timeline.map((entry, index) => {
        const isReached = entry.at !== null;
        return (
          <Timeline.Item
            key={entry.step}
            role="listitem"
            aria-current={index === active ? 'step' : undefined}
            title={intl.formatMessage({ id: TIMELINE_STEP_MESSAGE[entry.step] })}
            lineVariant={index >= active ? 'dashed' : 'solid'}
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
            {entry.note ? (
              <Text size="sm" className="tessera-order-timeline__note">
                {entry.note}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
