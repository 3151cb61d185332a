import type { CompanyContractsProps } from '../../../lib/company-contracts-slot';
import { ContractsSection } from './contracts-section';
import { TrzContractSection } from './trz-contract-section';

/**
 * The company page's contract sections: its contracts with the provider, then the TRZ contract
 * (which the order manager sets and accepts). The company page renders it through the slot of
 * `lib/company-contracts-slot.tsx`, which the app layer fills with this component.
 */
export function CompanyContracts({ companyId, canManage = false }: CompanyContractsProps) {
  return (
    <>
      <ContractsSection companyId={companyId} canManage={canManage} />
      <TrzContractSection companyId={companyId} />
    </>
  );
}
