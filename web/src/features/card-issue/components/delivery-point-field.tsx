import { Alert, Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import type { DraftData } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDeliveryPointChoices } from '../../../lib/api/delivery-points';
import type { Problem } from '../model';
import { DeliveryPointModal } from './delivery-point-modal';

type Props = {
  value: DraftData['deliveryPoint'];
  onChange: (value: DraftData['deliveryPoint']) => void;
  problem: Problem | null;
};

/** Where the plastic cards go: one of the company's delivery points, or a new one added here. */
export function DeliveryPointField({ value, onChange, problem }: Props) {
  const intl = useIntl();
  const headingId = useId();
  const points = useDeliveryPointChoices();
  const [isAdding, setIsAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const list = points.data?.deliveryPoints ?? [];
  // The draft may name a point not on the first page (or just added): keep it selectable.
  const options = list.map((point) => ({
    value: point.deliveryPointId,
    label: `${point.alias} — ${point.street} ${point.streetNumber}, ${point.postalCode} ${point.city}`,
  }));
  if (value && !options.some((option) => option.value === value.deliveryPointId)) {
    options.unshift({ value: value.deliveryPointId, label: value.alias });
  }

  return (
    <section aria-labelledby={headingId} className="tessera-issue-section">
      <Title order={3} id={headingId} mb="xs">
        {intl.formatMessage({ id: 'cardIssue.delivery.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'cardIssue.delivery.text' })}
      </Text>
      {points.isError && !points.data ? (
        <Alert color="red" variant="light" mb="sm" role="alert">
          <Group justify="space-between" gap="sm">
            <span>{intl.formatMessage({ id: 'cardIssue.delivery.error' })}</span>
            <Button size="compact-sm" variant="outline" onClick={() => void points.refetch()}>
              {intl.formatMessage({ id: 'ui.retry' })}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          className="tessera-issue-grow"
          label={intl.formatMessage({ id: 'cardIssue.delivery.label' })}
          withAsterisk
          aria-required
          disabled={points.isPending}
          description={
            points.isPending ? intl.formatMessage({ id: 'cardIssue.delivery.loading' }) : undefined
          }
          value={value?.deliveryPointId ?? ''}
          data={[{ value: '', label: intl.formatMessage({ id: 'cardIssue.delivery.choose' }) }, ...options]}
          error={problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined}
          onChange={(event) => {
            const id = event.currentTarget.value;
            const point = list.find((item) => item.deliveryPointId === id);
            setNotice(null);
            onChange(point ? { deliveryPointId: point.deliveryPointId, alias: point.alias } : null);
          }}
        />
        <Button variant="light" onClick={() => setIsAdding(true)}>
          {intl.formatMessage({ id: 'cardIssue.delivery.add' })}
        </Button>
      </Group>
      {points.data && list.length === 0 ? (
        <Text size="sm" mt="xs">
          {intl.formatMessage({ id: 'cardIssue.delivery.none' })}
        </Text>
      ) : null}
      {notice ? (
        <Alert color="teal" variant="light" mt="sm" role="status">
          {notice}
        </Alert>
      ) : null}
      <DeliveryPointModal
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
        onAdded={({ deliveryPoint, existing }) => {
          setIsAdding(false);
          onChange({ deliveryPointId: deliveryPoint.deliveryPointId, alias: deliveryPoint.alias });
          setNotice(
            intl.formatMessage(
              { id: existing ? 'cardIssue.delivery.existing' : 'cardIssue.delivery.added' },
              { alias: deliveryPoint.alias },
            ),
          );
        }}
      />
    </section>
  );
}
