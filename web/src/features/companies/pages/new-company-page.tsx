import { localePath } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useLead } from '../api/get-lead';
import { useSaveCompany } from '../api/save-company';
import { CompanyForm, companyFormValues } from '../components/company-form';

/**
 * `/back-office/companies/new` (role 1): a new customer company. From the leads page
 * (`?leadId=…`) the form starts with the lead's name and VAT number, and saving marks the lead
 * converted in the same transaction (ADR 024). Saved, it opens the company's page.
 */
export function NewCompanyPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const leadId = params.get('leadId');
  const lead = useLead(leadId);
  const save = useSaveCompany();
  const title = intl.formatMessage({ id: 'backOffice.company.newTitle' });
  useDocumentTitle(title);

  let body;
  if (leadId && lead.isPending) body = <LoadingState />;
  else if (leadId && lead.isError) body = <ErrorState onRetry={() => void lead.refetch()} />;
  else {
    const initial = {
      ...companyFormValues(null),
      vat: lead.data?.vat ?? '',
      name: lead.data?.companyName ?? '',
    };
    body = (
      <CompanyForm
        initial={initial}
        isNew
        isSaving={save.isPending}
        submitLabel={intl.formatMessage({ id: 'backOffice.company.create' })}
        onSubmit={async ({ settings, vat }) => {
          const result = await save.mutateAsync({
            create: { ...settings, vat, ...(leadId ? { leadId } : {}) },
          });
          if (!result.ok) return { fieldErrors: result.fieldErrors, message: result.message };
          await navigate(
            `${localePath(locale, paths.backOfficeCompany.href(result.data.companyId))}?created=1`,
          );
          return null;
        }}
      />
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="new-company-title">
      <PageHeader
        id="new-company-title"
        title={title}
        summary={
          lead.data
            ? intl.formatMessage(
                { id: 'backOffice.company.fromLead' },
                { reference: lead.data.reference, contact: lead.data.contactName },
              )
            : intl.formatMessage({ id: 'backOffice.company.newSummary' })
        }
      />
      {body}
    </section>
  );
}
