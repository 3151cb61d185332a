import type { Locale } from '@tessera/domain';
import { PROVIDER_LEGAL_NAME } from './config';
import { serverPath } from './paths';

/**
 * The provider's letterhead (issue 37: shared by the documents, invoicing and merchant billing
 * modules without one importing another). The provider as its documents name it (letterhead of the proforma, facts of the analysis Excel).
 * Greek commercial documents carry the issuer's ΑΦΜ and tax office (ΔΟΥ); large companies belong to
 * the ΦΑΕ (tax office for large enterprises) of Athens. The ΑΦΜ passes the Greek check digit.
 */
export const PROVIDER = {
  legalName: PROVIDER_LEGAL_NAME,
  address: {
    el: 'Λεωφόρος Κηφισίας 124, 115 26 Αθήνα',
    en: '124 Kifisias Avenue, 115 26 Athens, Greece',
  } satisfies Record<Locale, string>,
  vatNumber: '099999999',
  taxOffice: { el: 'ΦΑΕ Αθηνών', en: 'FAE Athens' } satisfies Record<Locale, string>,
  phone: '+30 210 000 0000',
  email: 'support@tessera.example',
  website: 'https://tessera.example',
} as const;

/**
 * DejaVu Sans, shipped in `server/assets/fonts` under its licence: PDF's standard fonts have no
 * Greek letters. Resolved from this module, so the path holds under tsx, vitest and any working
 * directory. Every PDF the portal draws uses them (proforma, invoice, fee statement).
 */
export const DOCUMENT_FONTS = {
  regular: serverPath('assets/fonts/DejaVuSans.ttf'),
  bold: serverPath('assets/fonts/DejaVuSans-Bold.ttf'),
};
