import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../platform/db';
import type { TaxAuthorityGateway } from './mydata/gateway';
import type { XsdVerdict } from './mydata/xsd';

/**
 * A customer as the invoicing module reads it, in the caller's transaction: its legal name, ΑΦΜ and
 * address (the one-line address, and its parts when the customer keeps them apart).
 */
export type CustomerParty = {
  name: string;
  vatNumber: string;
  address: string;
  street?: string;
  streetNumber?: string;
  postalCode?: string;
  city?: string;
  /** The customer's tax office (ΔΟΥ), when known; the portal keeps none yet. */
  taxOffice?: string;
};

/**
 * Where the customers' details come from (wired in `app.ts` from the companies and merchants
 * modules): read in `db`, the transaction that issues the document, never another connection.
 */
export type CustomerParties = {
  company(db: Executor, companyId: string): Promise<CustomerParty | undefined>;
  merchant(db: Executor, merchantId: string): Promise<CustomerParty | undefined>;
};

/** What the invoicing operations share (one operation per file). */
export type InvoicingContext = {
  db: Db;
  /** The provider's ΑΦΜ: the issuer of every document (`INVOICE_ISSUER_VAT`). */
  issuerVat: string;
  /** The tax authority the transmission job sends to (`taxAuthorityGateway`). */
  gateway: TaxAuthorityGateway;
  parties: CustomerParties;
  /** The schema check before sending (AADE's XSD; tests count calls). */
  validate: (xml: string) => Promise<XsdVerdict>;
  /** Called once a document is issued: the transmission job is nudged after the commit. */
  afterIssue: () => void;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
  /**
   * The portal's public address (PUBLIC_URL): the `invoice.issued` webhook links to the document's
   * downloads in the public API under it. Empty: the links are paths.
   */
  publicUrl: string;
};
