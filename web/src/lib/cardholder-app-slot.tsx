import { createContext, useContext, type ComponentType } from 'react';

/**
 * Whether a cardholder uses the cardholder app, and the invitation button, are the cardholder-care
 * feature's (`features/cardholder-care`, issue 35 §8, ADR 049); the company's card panel
 * (`features/cards`) shows them without importing that feature: it renders this slot, and the app
 * layer (`AppProviders`) fills it.
 */
export type CardholderAppProps = {
  /** The holder record of the card shown. */
  cardholderId: string;
  /** Whether the order manager (or staff acting for the company) may send the invitation. */
  canInvite: boolean;
};

const CardholderAppContext = createContext<ComponentType<CardholderAppProps> | null>(null);

/** Given by the app layer: the component that shows the app's state and sends the invitation. */
export const CardholderAppProvider = CardholderAppContext.Provider;

/** The cardholder-care feature's app state of a cardholder, as the app layer provides it. */
export function CardholderApp(props: CardholderAppProps) {
  const Component = useContext(CardholderAppContext);
  // Outside the app providers (a lone component's test) there is nothing to show.
  if (Component === null) return null;
  return <Component {...props} />;
}
