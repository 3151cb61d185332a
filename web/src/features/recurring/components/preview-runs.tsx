import { Paper, Text, Title } from '@mantine/core';
import {
  runDayMove,
  type RecurringAmountMode,
  type RecurringPreviewRun,
  type RecurringSchedule,
} from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { PriceBreakdown } from '../../../ui/price-breakdown';
import { CardNotes } from './card-notes';
import { formatDay } from './labels';

/**
 * The next runs of a rule as the server prices them now (the same pricing as an order): per run its
 * day, the working days of its month (what an amount per working day is multiplied by), the cards
 * it loads, the loads, fees, VAT and total, and the cards it would leave out or move.
 */
export function PreviewRuns({
  runs,
  amountMode,
  label,
  schedule,
  startDay,
}: {
  runs: readonly RecurringPreviewRun[];
  amountMode: RecurringAmountMode;
  label: string;
  /** The rule's schedule and first day: a run "working days only" moved says from when and why. */
  schedule: RecurringSchedule;
  startDay: string;
}) {
  const intl = useIntl();
  const locale = useLocale();
  /** "Moved from Saturday 28/11/2026: the rule runs on working days only" (issue 34 §3 item 2). */
  const movedText = (runDay: string): string | null => {
    const move = runDayMove(schedule, startDay, runDay);
    if (!move) return null;
    const reason =
      move.reason === 'holiday'
        ? intl.formatMessage(
            { id: 'recurring.preview.moved.holiday' },
            { holiday: move.holiday ? move.holiday[locale] : '' },
          )
        : intl.formatMessage({ id: `recurring.preview.moved.${move.reason}` });
    return intl.formatMessage(
      { id: 'recurring.preview.moved' },
      { day: formatDay(move.scheduledDay, locale), reason },
    );
  };
  if (runs.length === 0) {
    return <Text c="dimmed">{intl.formatMessage({ id: 'recurring.preview.none' })}</Text>;
  }
  return (
    <ol className="tessera-recurring-preview" aria-label={label}>
      {runs.map((run) => {
        const day = formatDay(run.runDay, locale);
        return (
          <li key={run.runDay}>
            <Paper withBorder radius="md" p="md" component="article" aria-label={day}>
              <Title order={3} size="h4" mb="xs">
                {intl.formatMessage({ id: 'recurring.preview.run' }, { day })}
              </Title>
              {movedText(run.runDay) ? (
                <Text size="sm" c="dimmed" mb="xs">
                  {movedText(run.runDay)}
                </Text>
              ) : null}
              <dl className="tessera-recurring-facts">
                {amountMode === 'perWorkingDay' ? (
                  <div>
                    <dt>{intl.formatMessage({ id: 'recurring.preview.workingDays' })}</dt>
                    <dd>{formatNumber(run.workingDays, locale)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>{intl.formatMessage({ id: 'recurring.preview.cards' })}</dt>
                  <dd>{formatNumber(run.cardCount, locale)}</dd>
                </div>
              </dl>
              <PriceBreakdown price={run.price} className="tessera-recurring-price" />
              <CardNotes
                notes={run.notes}
                label={intl.formatMessage({ id: 'recurring.preview.notes' }, { day })}
              />
            </Paper>
          </li>
        );
      })}
    </ol>
  );
}
