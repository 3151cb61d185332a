import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AuditFilters } from '../api/audit-log';

type Draft = Omit<AuditFilters, 'page'>;

/**
 * The audit log's filters: person (name, email or user id), company (for the whole log), kind of
 * entity (from what the log holds), and a date range. Applied on submit, into the page's address.
 */
export function AuditFiltersForm({
  value,
  entities,
  withCompany,
  onApply,
}: {
  value: AuditFilters;
  entities: readonly string[];
  withCompany: boolean;
  onApply: (filters: Draft) => void;
}) {
  const intl = useIntl();
  const [draft, setDraft] = useState<Draft>({
    person: value.person ?? '',
    companyId: value.companyId ?? '',
    entity: value.entity ?? '',
    from: value.from ?? '',
    to: value.to ?? '',
  });
  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const next = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: next }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form role="search" onSubmit={submit} className="tessera-audit-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={intl.formatMessage({ id: 'backOffice.audit.filter.person' })}
          value={draft.person ?? ''}
          onChange={set('person')}
          maxLength={200}
          w={220}
        />
        {withCompany ? (
          <TextInput
            label={intl.formatMessage({ id: 'backOffice.audit.filter.company' })}
            value={draft.companyId ?? ''}
            onChange={set('companyId')}
            maxLength={40}
            w={140}
          />
        ) : null}
        <NativeSelect
          label={intl.formatMessage({ id: 'backOffice.audit.filter.entity' })}
          value={draft.entity ?? ''}
          onChange={set('entity')}
          data={[
            { value: '', label: intl.formatMessage({ id: 'backOffice.audit.filter.anyEntity' }) },
            ...entities.map((entity) => ({ value: entity, label: entity })),
          ]}
          w={180}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'backOffice.audit.filter.from' })}
          value={draft.from ?? ''}
          onChange={set('from')}
          w={160}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'backOffice.audit.filter.to' })}
          value={draft.to ?? ''}
          onChange={set('to')}
          w={160}
        />
        <Button type="submit">{intl.formatMessage({ id: 'backOffice.audit.filter.apply' })}</Button>
      </Group>
    </form>
  );
}
