import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CardholderAppProvider, type CardholderAppProps } from '../lib/cardholder-app-slot';
import { CompanyContractsProvider, type CompanyContractsProps } from '../lib/company-contracts-slot';
import {
  MerchantDisputesProvider,
  TransactionDisputeProvider,
  type MerchantDisputesProps,
  type TransactionDisputeProps,
} from '../lib/dispute-slot';
import { InvoicesProvider, type InvoicesSectionProps } from '../lib/invoices-slot';
import { PayOrderProvider, type PayOrderProps } from '../lib/pay-order-slot';
import { createQueryClient } from '../lib/query-client';
import { LoadingSpinner } from '../ui/loading-spinner';
import { PortalMantineProvider } from './mantine-provider';
import { cssVariablesResolver, theme } from './theme';

// Loaded with the first page that shows them (issue 17): their forms bring zod and
// react-hook-form, which the shell and most pages never need. Their messages are those of the
// pages that show them (`orders`, `account`), loaded with those pages' routes.
const loadPayOrder = () => import('../features/payments/components/pay-order');
const loadCompanyContracts = () => import('../features/contracts/components/company-contracts');
const LazyPayOrder = lazy(() => loadPayOrder().then((module) => ({ default: module.PayOrder })));
const LazyCompanyContracts = lazy(() =>
  loadCompanyContracts().then((module) => ({ default: module.CompanyContracts })),
);
// Issue 34 §1 (ADR 043): a transaction's dispute, on the merchant's transactions and a card's purchases.
const loadTransactionDispute = () => import('../features/disputes/components/transaction-dispute');
const LazyTransactionDispute = lazy(() =>
  loadTransactionDispute().then((module) => ({ default: module.TransactionDispute })),
);
const LazyMerchantDisputes = lazy(() =>
  import('../features/disputes/components/merchant-disputes').then((module) => ({
    default: module.MerchantDisputes,
  })),
);

// Issue 35 §8 (ADR 049): whether a cardholder uses the app, in the company's card panel.
const LazyCardholderApp = lazy(() =>
  import('../features/cardholder-care/components/cardholder-app-status').then((module) => ({
    default: module.CardholderAppStatus,
  })),
);

// Issue 37 §4: the company's, an order's or the merchant's invoices (finance desk, order page,
// balance sheet). Their texts are the `invoices` area, named by those pages' routes.
const loadInvoices = () => import('../features/invoices/components/invoices-section');
const LazyInvoices = lazy(() => loadInvoices().then((module) => ({ default: module.InvoicesSection })));

/** For the routes of pages that show a slot at once: its code loads with the page's, not after it. */
export const preloadSlot = {
  payOrder: loadPayOrder,
  companyContracts: loadCompanyContracts,
  transactionDispute: loadTransactionDispute,
  invoices: loadInvoices,
};

function PayOrder(props: PayOrderProps) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyPayOrder {...props} />
    </Suspense>
  );
}

function TransactionDispute(props: TransactionDisputeProps) {
  // No spinner per row: the row shows its transaction while the action loads.
  return (
    <Suspense fallback={null}>
      <LazyTransactionDispute {...props} />
    </Suspense>
  );
}

function MerchantDisputes(props: MerchantDisputesProps) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyMerchantDisputes {...props} />
    </Suspense>
  );
}

function CardholderApp(props: CardholderAppProps) {
  // The panel shows the cardholder while the state loads; the state reserves its own line.
  return (
    <Suspense fallback={null}>
      <LazyCardholderApp {...props} />
    </Suspense>
  );
}

function CompanyContracts(props: CompanyContractsProps) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyCompanyContracts {...props} />
    </Suspense>
  );
}

function Invoices(props: InvoicesSectionProps) {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <LazyInvoices {...props} />
    </Suspense>
  );
}

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** `test` turns off Mantine's transitions and portals in component tests. */
  env?: 'default' | 'test';
};

/**
 * Providers that do not depend on the route (the language does; see `AppRoot`), and the slots by
 * which one feature shows another's component (`PayOrderProvider`: the payments feature's panel; `CompanyContractsProvider`: the contracts
 * feature's sections of the company page).
 */
export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PortalMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <PayOrderProvider value={PayOrder}>
          <CompanyContractsProvider value={CompanyContracts}>
            <TransactionDisputeProvider value={TransactionDispute}>
              <MerchantDisputesProvider value={MerchantDisputes}>
                <CardholderAppProvider value={CardholderApp}>
                  <InvoicesProvider value={Invoices}>{children}</InvoicesProvider>
                </CardholderAppProvider>
              </MerchantDisputesProvider>
            </TransactionDisputeProvider>
          </CompanyContractsProvider>
        </PayOrderProvider>
      </PortalMantineProvider>
    </QueryClientProvider>
  );
}
