import { createContext, useContext, type ComponentType } from 'react';

/**
 * A company's contracts with the provider and its TRZ contract are the contracts feature's
 * (`features/contracts`); the company page (`features/companies`) shows them without importing that
 * feature (features never import each other). It renders this slot; the app layer (`AppProviders`)
 * fills it with the contracts feature's `CompanyContracts`.
 */
export type CompanyContractsProps = {
  companyId: string;
  /** Provider staff in the back office: add contracts and change their status (ADR 024). */
  canManage?: boolean;
};

const CompanyContractsContext = createContext<ComponentType<CompanyContractsProps> | null>(null);

/** Given by the app layer: the component that shows a company's contracts. */
export const CompanyContractsProvider = CompanyContractsContext.Provider;

/** The contracts feature's sections of the company page, as the app layer provides them. */
export function CompanyContracts(props: CompanyContractsProps) {
  const Component = useContext(CompanyContractsContext);
  if (Component === null) {
    throw new Error('CompanyContracts needs the app providers (CompanyContractsProvider).');
  }
  return <Component {...props} />;
}
