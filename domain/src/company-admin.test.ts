import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AfmSchema,
  CreateContractRequestSchema,
  DEFAULT_COMPANY_PRICING,
  pricingTermsOf,
  SubmitLeadRequestSchema,
} from './company-admin';
import { completeGreekTaxId } from './greek';
import { DEFAULT_PRICING } from './pricing';

const eightDigits = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 })
  .map((digits) => digits.join(''))
  .filter((digits) => digits !== '00000000');

describe('AfmSchema (ΑΦΜ with its check digit)', () => {
  it('accepts every valid AFM however it is spaced, and stores the nine digits', () => {
    fc.assert(
      fc.property(eightDigits, fc.constantFrom('', ' ', '.', '-'), (firstEight, separator) => {
        const afm = completeGreekTaxId(firstEight);
        const typed = `${afm.slice(0, 3)}${separator}${afm.slice(3, 6)}${separator}${afm.slice(6)}`;
        expect(AfmSchema.parse(` ${typed} `)).toBe(afm);
      }),
    );
  });

  it('refuses every wrong check digit with the message the field errors translate', () => {
    fc.assert(
      fc.property(eightDigits, fc.integer({ min: 1, max: 9 }), (firstEight, delta) => {
        const afm = completeGreekTaxId(firstEight);
        const wrong = `${firstEight}${(Number(afm[8]) + delta) % 10}`;
        const result = AfmSchema.safeParse(wrong);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('invalid tax id');
      }),
    );
  });

  it.each(['000000000', '12345678', '1234567890', 'ΑΦΜ094019245'])('refuses %j', (text) =>
    expect(AfmSchema.safeParse(text).success).toBe(false),
  );
});

describe('a contract', () => {
  const contract = {
    product: 'SPENDEO',
    contractNumber: 'SP-1',
    status: 'pending',
    signedOn: '2026-11-20',
    validFrom: '2026-12-01',
    validTo: '2027-11-30',
    cardFeeCents: 450,
    loadFeeBasisPoints: 120,
    paymentTermsDays: 30,
  };
  it('may end on no day or after it starts, never before', () => {
    expect(CreateContractRequestSchema.safeParse(contract).success).toBe(true);
    expect(CreateContractRequestSchema.safeParse({ ...contract, validTo: null }).success).toBe(true);
    const before = CreateContractRequestSchema.safeParse({ ...contract, validTo: '2026-11-30' });
    expect(before.error?.issues[0]?.path).toEqual(['validTo']);
  });
});

describe('a lead', () => {
  const lead = {
    kind: 'client',
    companyName: 'Αστέρας Α.Ε.',
    vat: '094019245',
    contactName: 'Μαρία Π.',
    email: 'maria@example.gr',
    phone: '210 123 4567',
    size: 12,
    consent: true,
  };
  it('needs consent and a Greek phone; the honeypot and message default to empty', () => {
    expect(SubmitLeadRequestSchema.parse(lead)).toMatchObject({ website: '', message: '' });
    expect(SubmitLeadRequestSchema.safeParse({ ...lead, consent: false }).success).toBe(false);
    expect(SubmitLeadRequestSchema.safeParse({ ...lead, phone: '' }).success).toBe(false);
  });
});

describe('pricingTermsOf', () => {
  it('is the provider’s defaults without settings, and the settings over them otherwise (VAT stays)', () => {
    expect(pricingTermsOf(null)).toEqual(DEFAULT_PRICING);
    const own = { ...DEFAULT_COMPANY_PRICING, serviceFeeBasisPoints: 99 };
    expect(pricingTermsOf(own)).toEqual({ ...DEFAULT_PRICING, serviceFeeBasisPoints: 99 });
  });
});
