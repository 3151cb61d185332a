import {
  isoAmount,
  MYDATA_VAT_CATEGORIES,
  type InvoiceLineKind,
  type Locale,
  type MydataVatCategory,
} from '@tessera/domain';
import type { InvoiceLineRow } from '../repository';

/**
 * The parts of a UBL document (`ubl-document.ts`, ADR 060): parties, lines and the VAT breakdown,
 * as xmlbuilder2 nodes, in the order of UBL 2.1's sequences and with only what EN 16931 defines.
 */

/** The electronic address scheme (EAS) of a Greek VAT number: what Greek Peppol participants use. */
export const GREEK_VAT_EAS = '9933';

export type Node = Record<string, unknown>;

/** Greek, and English beside it when the document's language is English. */
export function words(texts: Record<Locale, string>, locale: Locale): string {
  return locale === 'en' ? `${texts.el} / ${texts.en}` : texts.el;
}

/** An amount (two decimals) in the document's currency. */
export function amount(cents: number, currency: string): Node {
  return { '@currencyID': currency, '#': isoAmount(cents) };
}

/** A VAT prefix: ISO 3166 codes, except Greece's `EL` (BR-CO-9 allows it; the Greek CIUS requires it). */
function vatIdentifier(country: string, vatNumber: string): string {
  return `${country === 'GR' ? 'EL' : country}${vatNumber}`;
}

/** Kinds whose net is a count of units at one price (the rest are one service, their count a note). */
const UNIT_CODES: Partial<Record<InvoiceLineKind, string>> = {
  cardFee: 'C62',
  replacementFee: 'C62',
  terminalRental: 'MON',
  supplies: 'XPK',
};

type TaxCategory = { code: 'S' | 'E'; percent: number; exemption: number | null };

function taxCategoryOf(line: InvoiceLineRow): TaxCategory {
  const basisPoints = MYDATA_VAT_CATEGORIES[line.vatCategory as MydataVatCategory] as
    number | null | undefined;
  if (basisPoints === undefined || basisPoints === null) {
    throw new RangeError(`line ${line.lineNumber}: VAT category ${line.vatCategory} is on no invoice`);
  }
  if (basisPoints > 0) return { code: 'S', percent: basisPoints / 100, exemption: null };
  if (line.vatExemptionCategory === null) {
    throw new RangeError(`line ${line.lineNumber}: a line without VAT names its exemption`);
  }
  return { code: 'E', percent: 0, exemption: line.vatExemptionCategory };
}

function exemptionReason(exemptions: readonly number[], locale: Locale): string {
  const categories = exemptions.join(', ');
  return words(
    {
      el: `Απαλλαγή από ΦΠΑ, κατηγορία εξαίρεσης myDATA ${categories} (ν. 5144/2024)`,
      en: `Exempt from VAT, myDATA exemption category ${categories} (law 5144/2024)`,
    },
    locale,
  );
}

function taxCategoryXml(category: Omit<TaxCategory, 'exemption'>, reason?: string): Node {
  return {
    'cbc:ID': category.code,
    'cbc:Percent': String(category.percent),
    ...(reason ? { 'cbc:TaxExemptionReason': reason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** A seller or buyer: electronic address (9933: a Greek ΑΦΜ), name, address, VAT id, legal name, contact. */
export function partyXml(party: {
  vatNumber: string;
  country: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  legalInformation?: string;
  phone?: string;
  email?: string;
}): Node {
  const contact = {
    ...(party.phone ? { 'cbc:Telephone': party.phone } : {}),
    ...(party.email ? { 'cbc:ElectronicMail': party.email } : {}),
  };
  return {
    'cac:Party': {
      'cbc:EndpointID': { '@schemeID': GREEK_VAT_EAS, '#': party.vatNumber },
      'cac:PartyName': { 'cbc:Name': party.name },
      'cac:PostalAddress': {
        ...(party.street ? { 'cbc:StreetName': party.street } : {}),
        ...(party.city ? { 'cbc:CityName': party.city } : {}),
        ...(party.postalCode ? { 'cbc:PostalZone': party.postalCode } : {}),
        'cac:Country': { 'cbc:IdentificationCode': party.country },
      },
      'cac:PartyTaxScheme': {
        'cbc:CompanyID': vatIdentifier(party.country, party.vatNumber),
        'cac:TaxScheme': { 'cbc:ID': 'VAT' },
      },
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': party.name,
        ...(party.legalInformation ? { 'cbc:CompanyLegalForm': party.legalInformation } : {}),
      },
      ...(Object.keys(contact).length > 0 ? { 'cac:Contact': contact } : {}),
    },
  };
}

/**
 * A line: its quantity and unit, its net, the item (Greek name, English description when asked, the
 * line kind as the seller's item id, its VAT category) and the price.
 */
export function lineXml(line: InvoiceLineRow, creditNote: boolean, currency: string, locale: Locale): Node {
  const unitCode = UNIT_CODES[line.kind];
  const quantity = unitCode && line.quantity !== null && line.quantity > 0 ? line.quantity : 1;
  // A unit price in whole cents when the net divides; else the net as the price of all the units.
  const isUnitPriced = line.netCents % quantity === 0;
  const countNote =
    !unitCode && line.quantity !== null && line.quantity > 0
      ? words({ el: `${line.quantity} συναλλαγές`, en: `${line.quantity} transactions` }, locale)
      : null;
  return {
    'cbc:ID': String(line.lineNumber),
    ...(countNote ? { 'cbc:Note': countNote } : {}),
    [creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: {
      '@unitCode': unitCode ?? 'C62',
      '#': String(quantity),
    },
    'cbc:LineExtensionAmount': amount(line.netCents, currency),
    'cac:Item': {
      ...(locale === 'en' ? { 'cbc:Description': line.descriptionEn } : {}),
      'cbc:Name': line.descriptionEl,
      'cac:SellersItemIdentification': { 'cbc:ID': line.kind },
      'cac:ClassifiedTaxCategory': taxCategoryXml(taxCategoryOf(line)),
    },
    'cac:Price': {
      'cbc:PriceAmount': amount(isUnitPriced ? line.netCents / quantity : line.netCents, currency),
      ...(isUnitPriced
        ? {}
        : { 'cbc:BaseQuantity': { '@unitCode': unitCode ?? 'C62', '#': String(quantity) } }),
    },
  };
}

/** The VAT breakdown: per category code and rate, the lines' nets and VAT, in that order. */
export function taxSubtotals(lines: readonly InvoiceLineRow[], currency: string, locale: Locale): Node[] {
  const groups = new Map<
    string,
    { category: TaxCategory; net: number; vat: number; exemptions: Set<number> }
  >();
  for (const line of lines) {
    const category = taxCategoryOf(line);
    const key = `${category.code}|${category.percent}`;
    const group = groups.get(key) ?? { category, net: 0, vat: 0, exemptions: new Set<number>() };
    group.net += line.netCents;
    group.vat += line.vatCents;
    if (category.exemption !== null) group.exemptions.add(category.exemption);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.category.code.localeCompare(b.category.code) || b.category.percent - a.category.percent)
    .map((group) => ({
      'cbc:TaxableAmount': amount(group.net, currency),
      'cbc:TaxAmount': amount(group.vat, currency),
      'cac:TaxCategory': taxCategoryXml(
        group.category,
        group.exemptions.size > 0
          ? exemptionReason(
              [...group.exemptions].sort((a, b) => a - b),
              locale,
            )
          : undefined,
      ),
    }));
}
