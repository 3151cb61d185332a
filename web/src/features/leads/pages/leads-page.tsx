import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  LEAD_KINDS,
  LEAD_STATUSES,
  stripLeadingWhitespace,
  type Lead,
  type LeadKind,
  type LeadStatus,
} from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { FieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useConvertLeadToMerchant, useRejectLead, type MerchantField } from '../api/decide-lead';
import { LEADS_PAGE_SIZE, useLeads } from '../api/list-leads';
import { PagePagination } from '../../../ui/page-pagination';

const STATUS_COLOR: Record<LeadStatus, string> = { new: 'yellow', converted: 'tessera', rejected: 'gray' };

/**
 * `/back-office/leads` (role 1; issue 18 §6, ADR 024): the leads of the public forms, filtered by
 * kind and status (in the address, so Back works). A new client lead opens the new-company form
 * filled from it; a new merchant lead becomes a merchant here (IBAN and fee typed); either may be
 * rejected. A converted lead links to what it became.
 */
export function LeadsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const kind = (LEAD_KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as LeadKind)
    : null;
  const status = (LEAD_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as LeadStatus)
    : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const leads = useLeads({ kind, status, page });
  const reject = useRejectLead();
  const [converting, setConverting] = useState<Lead | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const title = intl.formatMessage({ id: 'leads.admin.title' });
  useDocumentTitle(title);

  const setFilter = (key: 'kind' | 'status', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };

  const onReject = async (lead: Lead) => {
    const result = await reject.mutateAsync(lead.leadId);
    if (result.ok)
      setNotice(intl.formatMessage({ id: 'leads.admin.rejected' }, { company: lead.companyName }));
  };

  let results;
  if (leads.isPending) results = <LoadingState />;
  else if (leads.isError) results = <ErrorState onRetry={() => void leads.refetch()} />;
  else if (leads.data.leads.length === 0) {
    results = <EmptyState message={intl.formatMessage({ id: 'leads.admin.none' })} />;
  } else {
    const pages = Math.max(1, Math.ceil(leads.data.total / LEADS_PAGE_SIZE));
    results = (
      <>
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {(['received', 'kind', 'company', 'contact', 'size', 'status', 'actions'] as const).map(
                  (column) => (
                    <Table.Th key={column} scope="col">
                      {intl.formatMessage({ id: `leads.admin.col.${column}` })}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.data.leads.map((lead) => (
                <Table.Tr key={lead.leadId}>
                  <Table.Td>
                    {formatDateTime(lead.createdAt, locale)}
                    <Text size="xs" c="dimmed">
                      {lead.reference}
                    </Text>
                  </Table.Td>
                  <Table.Td>{intl.formatMessage({ id: `leads.kind.${lead.kind}` })}</Table.Td>
                  <Table.Td>
                    {lead.companyName}
                    <Text size="xs" c="dimmed">
                      {intl.formatMessage({ id: 'leads.admin.vat' }, { vat: lead.vat })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {lead.contactName}
                    <Text size="xs">{lead.email}</Text>
                    <Text size="xs">{lead.phone}</Text>
                  </Table.Td>
                  <Table.Td>
                    {intl.formatMessage({ id: `leads.admin.size.${lead.kind}` }, { count: lead.size })}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[lead.status]} variant="light" radius="sm" c="dark">
                      {intl.formatMessage({ id: `leads.status.${lead.status}` })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <LeadActions
                      lead={lead}
                      isRejecting={reject.isPending && reject.variables === lead.leadId}
                      onReject={() => void onReject(lead)}
                      onConvertToMerchant={() => {
                        setNotice(null);
                        setConverting(lead);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PagePagination
          pages={pages}
          page={page}
          onChange={(next) => {
            const nextParams = new URLSearchParams(params);
            nextParams.set('page', String(next));
            setParams(nextParams);
          }}
        />
      </>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="leads-title">
      <PageHeader
        id="leads-title"
        title={title}
        summary={intl.formatMessage({ id: 'leads.admin.summary' })}
      />
      <Group mb="md" gap="md" align="flex-end">
        <NativeSelect
          label={intl.formatMessage({ id: 'leads.admin.filter.kind' })}
          value={kind ?? ''}
          onChange={(event) => setFilter('kind', event.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'leads.admin.filter.all' }) },
            ...LEAD_KINDS.map((value) => ({
              value,
              label: intl.formatMessage({ id: `leads.kind.${value}` }),
            })),
          ]}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'leads.admin.filter.status' })}
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'leads.admin.filter.all' }) },
            ...LEAD_STATUSES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `leads.status.${value}` }),
            })),
          ]}
        />
      </Group>
      {notice ? (
        <FormAlert key={notice} kind="success">
          {notice}
        </FormAlert>
      ) : null}
      {converting ? (
        <MerchantFromLead
          lead={converting}
          onDone={(merchantId) => {
            setConverting(null);
            setNotice(
              intl.formatMessage(
                { id: 'leads.admin.merchantCreated' },
                { company: converting.companyName, merchantId },
              ),
            );
          }}
          onCancel={() => setConverting(null)}
        />
      ) : null}
      {results}
    </section>
  );
}

function LeadActions({
  lead,
  isRejecting,
  onReject,
  onConvertToMerchant,
}: {
  lead: Lead;
  isRejecting: boolean;
  onReject: () => void;
  onConvertToMerchant: () => void;
}) {
  const intl = useIntl();
  if (lead.status === 'converted' && lead.convertedTo) {
    const [what, id = ''] = lead.convertedTo.split(':');
    return what === 'company' ? (
      <LanguageLink to={paths.backOfficeCompany.href(id)}>
        {intl.formatMessage({ id: 'leads.admin.openCompany' }, { companyId: id })}
      </LanguageLink>
    ) : (
      <Text size="sm">{intl.formatMessage({ id: 'leads.admin.becameMerchant' }, { merchantId: id })}</Text>
    );
  }
  if (lead.status !== 'new') return null;
  return (
    <Stack gap={6} align="flex-start">
      {lead.kind === 'client' ? (
        <Button
          component={LanguageLink}
          to={paths.backOfficeNewCompany.href(lead.leadId)}
          size="xs"
          aria-label={intl.formatMessage({ id: 'leads.admin.toCompanyOf' }, { company: lead.companyName })}
        >
          {intl.formatMessage({ id: 'leads.admin.toCompany' })}
        </Button>
      ) : (
        <Button
          size="xs"
          onClick={onConvertToMerchant}
          aria-label={intl.formatMessage({ id: 'leads.admin.toMerchantOf' }, { company: lead.companyName })}
        >
          {intl.formatMessage({ id: 'leads.admin.toMerchant' })}
        </Button>
      )}
      <LoadingButton
        size="xs"
        variant="outline"
        color="red.9"
        isLoading={isRejecting}
        onClick={onReject}
        aria-label={intl.formatMessage({ id: 'leads.admin.rejectOf' }, { company: lead.companyName })}
      >
        {intl.formatMessage({ id: 'leads.admin.reject' })}
      </LoadingButton>
    </Stack>
  );
}

/** The IBAN and fee a merchant needs besides what the lead says; the merchant is made without stores. */
function MerchantFromLead({
  lead,
  onDone,
  onCancel,
}: {
  lead: Lead;
  onDone: (merchantId: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const convert = useConvertLeadToMerchant();
  const [iban, setIban] = useState('');
  const [fee, setFee] = useState('1,5');
  const [errors, setErrors] = useState<FieldErrors<MerchantField>>({});
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const percent = fee.trim().replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(percent)) {
      setErrors({ feeBasisPoints: intl.formatMessage({ id: 'form.issue.invalid' }) });
      return;
    }
    const result = await convert.mutateAsync({
      leadId: lead.leadId,
      iban,
      feeBasisPoints: Math.round(Number(percent) * 100),
    });
    if (!result.ok) {
      setErrors(result.fieldErrors);
      setMessage(result.fieldErrors.vat ?? result.message);
      return;
    }
    onDone((result.data.convertedTo ?? '').replace('merchant:', ''));
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="lg"
      mb="lg"
      aria-labelledby="merchant-from-lead-title"
    >
      <Title order={2} size="h4" id="merchant-from-lead-title" mb="xs">
        {intl.formatMessage({ id: 'leads.admin.merchantTitle' }, { company: lead.companyName })}
      </Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage({ id: 'leads.admin.merchantHelp' })}
      </Text>
      {message ? (
        <FormAlert key={message} kind="error">
          {message}
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Group align="flex-start" gap="md">
          <TextInput
            label={intl.formatMessage({ id: 'leads.admin.iban' })}
            withAsterisk
            name="iban"
            value={iban}
            error={errors.iban}
            miw={320}
            onChange={(event) => setIban(stripLeadingWhitespace(event.currentTarget.value))}
          />
          <TextInput
            label={intl.formatMessage({ id: 'leads.admin.fee' })}
            withAsterisk
            rightSection="%"
            name="fee"
            value={fee}
            error={errors.feeBasisPoints}
            onChange={(event) => setFee(stripLeadingWhitespace(event.currentTarget.value))}
          />
        </Group>
        <Group mt="md">
          <LoadingButton type="submit" isLoading={convert.isPending}>
            {intl.formatMessage({ id: 'leads.admin.createMerchant' })}
          </LoadingButton>
          <Button variant="default" onClick={onCancel}>
            {intl.formatMessage({ id: 'leads.admin.cancel' })}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
