import { Group, Radio, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { Problem } from '../model';
import { AmountInput } from './amount-input';

type Props = {
  bulkAmount: number | null;
  problem: Problem | null;
  /** The amount the bulk mode starts with (the first line's). */
  firstAmount: number;
  onChange: (bulkAmount: number | null) => void;
};

/** One amount for every card, or each card its own. */
export function AmountMode({ bulkAmount, problem, firstAmount, onChange }: Props) {
  const intl = useIntl();
  const isBulk = bulkAmount !== null;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={intl.formatMessage({ id: 'cardIssue.amountMode.label' })}
        value={isBulk ? 'bulk' : 'each'}
        onChange={(value) => onChange(value === 'bulk' ? firstAmount : null)}
      >
        <Group gap="lg" mt="xs">
          <Radio value="each" label={intl.formatMessage({ id: 'cardIssue.amountMode.each' })} />
          <Radio value="bulk" label={intl.formatMessage({ id: 'cardIssue.amountMode.bulk' })} />
        </Group>
      </Radio.Group>
      {isBulk ? (
        <AmountInput
          label={intl.formatMessage({ id: 'cardIssue.amountMode.bulkAmount' })}
          cents={bulkAmount}
          problem={problem}
          onChange={onChange}
        />
      ) : null}
    </Stack>
  );
}
