import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CompanyContracts } from '../features/contracts/components/company-contracts';
import { PayOrder } from '../features/payments/components/pay-order';
import { CompanyContractsProvider } from '../lib/company-contracts-slot';
import { PayOrderProvider } from '../lib/pay-order-slot';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

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
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env={env}
      >
        <PayOrderProvider value={PayOrder}>
          <CompanyContractsProvider value={CompanyContracts}>{children}</CompanyContractsProvider>
        </PayOrderProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
