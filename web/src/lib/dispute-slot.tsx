import { createContext, useContext, type ComponentType } from 'react';

/**
 * Disputes are the disputes feature's (`features/disputes`, issue 34 §1, ADR 043); the merchant's
 * transactions (`features/merchants`) and a card's purchases (`features/cards`) show a dispute's
 * state and the "Open a dispute" action without importing that feature (features never import each
 * other). They render this slot; the app layer (`AppProviders`) fills it with the feature's
 * `TransactionDispute`.
 */
export type TransactionDisputeProps = {
  /** What is disputed: a merchant's transaction, or a purchase movement of a company's card. */
  subject:
    | { party: 'merchant'; merchantId: string | null; transactionId: string }
    | { party: 'company'; companyId: string | null; cardId: string; movementId: string };
  /** The ids of every row on the page (transactions or movements): the rows share one request. */
  pageIds: readonly string[];
  /** Whether the user may open a dispute of it (a purchase; the right role). */
  canOpen: boolean;
  /** The transaction, for the dialog and the button's accessible name. */
  amountCents: number;
  at: string;
};

const TransactionDisputeContext = createContext<ComponentType<TransactionDisputeProps> | null>(null);

/** Given by the app layer: the component that shows and opens a transaction's dispute. */
export const TransactionDisputeProvider = TransactionDisputeContext.Provider;

/** The disputes feature's dispute state and action of a transaction, as the app layer provides it. */
export function TransactionDispute(props: TransactionDisputeProps) {
  const Component = useContext(TransactionDisputeContext);
  // Outside the app providers (a lone component's test) there is nothing to show.
  if (Component === null) return null;
  return <Component {...props} />;
}

/** The merchant's disputes on its balance sheet (provider staff name the merchant). */
export type MerchantDisputesProps = { merchantId: string | null };

const MerchantDisputesContext = createContext<ComponentType<MerchantDisputesProps> | null>(null);

/** Given by the app layer: the merchant's disputes list. */
export const MerchantDisputesProvider = MerchantDisputesContext.Provider;

/** The disputes feature's list of the merchant's disputes, as the app layer provides it. */
export function MerchantDisputes(props: MerchantDisputesProps) {
  const Component = useContext(MerchantDisputesContext);
  if (Component === null) return null;
  return <Component {...props} />;
}
