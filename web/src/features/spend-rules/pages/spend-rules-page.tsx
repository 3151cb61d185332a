import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountHeader } from '../../../ui/account-header';
import { BenefitsRules } from '../components/benefits-rules';
import { SpendeoRules } from '../components/spendeo-rules';
import { useAccount } from '../../../lib/use-account';

type Tab = 'spendeo' | 'mybenefits';

/**
 * `/account/spend-rules`: where the company's cards may be spent. Spendeo rules limit or block a
 * merchant category, a merchant or all spending per period; MyBenefits gives each core category a
 * monthly allowance. Every company role reads them; the order manager and provider staff change
 * them. The tab lives in the address (`?tab=mybenefits`).
 */
export function SpendRulesPage() {
  const intl = useIntl();
  const { companyId, canEditSetup } = useAccount();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mybenefits' ? 'mybenefits' : 'spendeo';
  const title = intl.formatMessage({ id: 'account.spendRules.title' });
  useDocumentTitle(title);

  const onTabChange = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'mybenefits') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <section className="tessera-page" aria-labelledby="spend-rules-title">
      <AccountHeader
        id="spend-rules-title"
        title={title}
        summary={intl.formatMessage({ id: 'account.spendRules.summary' })}
      />
      <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List mb="lg" aria-label={intl.formatMessage({ id: 'account.spendRules.products' })}>
          <Tabs.Tab value="spendeo">{intl.formatMessage({ id: 'account.spendRules.tab.spendeo' })}</Tabs.Tab>
          <Tabs.Tab value="mybenefits">
            {intl.formatMessage({ id: 'account.spendRules.tab.myBenefits' })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="spendeo">
          <SpendeoRules companyId={companyId ?? ''} canEdit={canEditSetup} />
        </Tabs.Panel>
        <Tabs.Panel value="mybenefits">
          <BenefitsRules companyId={companyId ?? ''} canEdit={canEditSetup} />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
