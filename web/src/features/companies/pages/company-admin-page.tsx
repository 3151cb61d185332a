import { Alert, Badge, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { ROLE, stripLeadingWhitespace } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { CompanyContracts } from '../../../lib/company-contracts-slot';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { FormAlert } from '../../../ui/form-alert';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useCompanyAdmin } from '../api/get-company-admin';
import { useSaveCompany } from '../api/save-company';
import { useSetCompanyActive } from '../api/set-company-active';
import { CompanyForm, companyFormValues } from '../components/company-form';

/**
 * `/back-office/companies/:companyId` (roles 1 and 2; ADR 024): a company's settings, its contracts
 * and TRZ contract (the contracts feature's sections, through the app's slot, with the form that adds
 * contracts), and for role 1 its deactivation or reactivation with a reason. A deactivated company
 * shows its settings and the way back; its contracts are not read (its calls answer 135).
 */
export function CompanyAdminPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { companyId = '' } = useParams();
  const [params] = useSearchParams();
  const company = useCompanyAdmin(companyId);
  const save = useSaveCompany();
  const [saved, setSaved] = useState(0);
  const isAdmin = useSession().data?.user.userRoleId === ROLE.ADMIN;
  const title = company.data?.name ?? intl.formatMessage({ id: 'backOffice.company.editTitle' });
  useDocumentTitle(title);

  if (company.isPending) return <LoadingState />;
  if (company.isError) return <ErrorState onRetry={() => void company.refetch()} />;
  const data = company.data;

  return (
    <section className="tessera-page" aria-labelledby="company-admin-title">
      <PageHeader
        id="company-admin-title"
        title={title}
        summary={intl.formatMessage(
          { id: 'backOffice.company.editSummary' },
          { companyId: data.companyId, vat: data.vat },
        )}
      />
      <Group mb="md" gap="sm">
        <Badge
          color={data.isActive ? 'tessera' : 'gray'}
          variant="light"
          radius="sm"
          c={data.isActive ? undefined : 'dark'}
        >
          {intl.formatMessage({
            id: data.isActive ? 'backOffice.company.active' : 'backOffice.company.inactive',
          })}
        </Badge>
        <LanguageLink to={paths.allCompanies.href()}>
          {intl.formatMessage({ id: 'backOffice.company.backToAll' })}
        </LanguageLink>
      </Group>
      {params.get('created') ? (
        <FormAlert kind="success">{intl.formatMessage({ id: 'backOffice.company.created' })}</FormAlert>
      ) : null}
      {saved > 0 ? (
        <FormAlert key={saved} kind="success">
          {intl.formatMessage({ id: 'backOffice.company.saved' })}
        </FormAlert>
      ) : null}
      {!data.isActive ? (
        <Alert
          color="gray"
          variant="light"
          mb="lg"
          title={intl.formatMessage({ id: 'backOffice.company.inactiveTitle' })}
        >
          {intl.formatMessage(
            { id: 'backOffice.company.inactiveText' },
            {
              date: data.deactivatedAt ? formatDateTime(data.deactivatedAt, locale) : '',
              reason: data.deactivationReason ?? '',
            },
          )}
        </Alert>
      ) : null}
      <CompanyForm
        key={data.companyId}
        initial={companyFormValues(data)}
        isNew={false}
        isSaving={save.isPending}
        submitLabel={intl.formatMessage({ id: 'backOffice.company.save' })}
        onSubmit={async ({ settings }) => {
          const result = await save.mutateAsync({ update: { ...settings, companyId: data.companyId } });
          if (!result.ok) return { fieldErrors: result.fieldErrors, message: result.message };
          setSaved((count) => count + 1);
          return null;
        }}
      />
      {data.isActive ? <CompanyContracts companyId={data.companyId} canManage /> : null}
      {isAdmin ? <CompanyStatusSection companyId={data.companyId} isActive={data.isActive} /> : null}
    </section>
  );
}

/** Role 1: deactivate (or reactivate) the company, with the reason the audit log keeps. */
function CompanyStatusSection({ companyId, isActive }: { companyId: string; isActive: boolean }) {
  const intl = useIntl();
  const setActive = useSetCompanyActive(companyId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    if (reason.trim().length < 5) {
      setError(intl.formatMessage({ id: 'backOffice.company.reasonRequired' }));
      return;
    }
    const result = await setActive.mutateAsync({ active: !isActive, reason });
    if (!result.ok) {
      setError(result.fieldErrors.reason ?? result.message);
      return;
    }
    setError(null);
    setReason('');
    setDone(
      intl.formatMessage({
        id: isActive ? 'backOffice.company.deactivated' : 'backOffice.company.reactivated',
      }),
    );
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" mt="xl" aria-labelledby="company-status-title">
      <Title order={2} size="h3" id="company-status-title" mb="xs">
        {intl.formatMessage({
          id: isActive ? 'backOffice.company.deactivateTitle' : 'backOffice.company.reactivateTitle',
        })}
      </Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage({
          id: isActive ? 'backOffice.company.deactivateHelp' : 'backOffice.company.reactivateHelp',
        })}
      </Text>
      {done ? (
        <FormAlert key={done} kind="success">
          {done}
        </FormAlert>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="md" maw={560}>
          <Textarea
            label={intl.formatMessage({ id: 'backOffice.company.reason' })}
            withAsterisk
            autosize
            minRows={2}
            name="reason"
            value={reason}
            error={error ?? undefined}
            onChange={(event) => setReason(stripLeadingWhitespace(event.currentTarget.value))}
          />
          <Group>
            <LoadingButton
              type="submit"
              color={isActive ? 'red.9' : undefined}
              isLoading={setActive.isPending}
            >
              {intl.formatMessage({
                id: isActive ? 'backOffice.company.deactivate' : 'backOffice.company.reactivate',
              })}
            </LoadingButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
