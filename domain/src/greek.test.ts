import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeGreekTaxId,
  emailGreeting,
  greekVocative,
  findCardNumbers,
  isLuhnValid,
  isValidGreekTaxId,
  luhnCheckDigit,
  maskCardNumber,
  normalizeGreekPhone,
  normalizePostalCode,
} from './greek';

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** A Luhn-valid number of `length` digits (a card number as the processor would issue it). */
const cardNumber = (length: number) =>
  digitString(length - 1, length - 1).map((partial) => `${partial}${luhnCheckDigit(partial)}`);

describe('isLuhnValid and luhnCheckDigit', () => {
  it.each(['4111111111111111', '5555555555554444', '378282246310005', '79927398713', '0'])(
    'accepts the known valid number %s',
    (digits) => expect(isLuhnValid(digits)).toBe(true),
  );

  it.each(['4111111111111112', '79927398710', '1234567812345678', '', '4111 1111 1111 1111', '41111a'])(
    'refuses %j',
    (digits) => expect(isLuhnValid(digits)).toBe(false),
  );

  it('validates any digit string completed with its check digit', () => {
    fc.assert(
      fc.property(digitString(1, 30), (partial) => {
        const digit = luhnCheckDigit(partial);
        expect(digit).toMatch(/^\d$/);
        expect(isLuhnValid(`${partial}${digit}`)).toBe(true);
      }),
    );
  });

  it('has exactly one check digit for any digit string', () => {
    fc.assert(
      fc.property(digitString(1, 30), (partial) => {
        const valid = [...'0123456789'].filter((digit) => isLuhnValid(`${partial}${digit}`));
        expect(valid).toEqual([luhnCheckDigit(partial)]);
      }),
    );
  });

  it('refuses a valid number with any single digit changed', () => {
    fc.assert(
      fc.property(
        digitString(1, 25),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (partial, rawIndex, delta) => {
          const valid = `${partial}${luhnCheckDigit(partial)}`;
          const index = rawIndex % valid.length;
          const changed = String((Number(valid[index]) + delta) % 10);
          const mutated = `${valid.slice(0, index)}${changed}${valid.slice(index + 1)}`;
          expect(mutated).not.toBe(valid);
          expect(isLuhnValid(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe('findCardNumbers', () => {
  it('finds a card number written whole, in groups of four with spaces or with dashes', () => {
    expect(findCardNumbers('4111 1111 1111 1111')).toEqual(['4111111111111111']);
    expect(findCardNumbers('card 4111-1111-1111-1111 was used')).toEqual(['4111111111111111']);
    expect(findCardNumbers('{"pan":"4111111111111111","amount":1200}')).toEqual(['4111111111111111']);
    expect(findCardNumbers('PAN=5555555555554444; Amex 378282246310005')).toEqual([
      '5555555555554444',
      '378282246310005',
    ]);
  });

  it('finds any Luhn-valid number of 13 to 19 digits, however it is grouped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 13, max: 19 }).chain(cardNumber),
        fc.constantFrom('', ' ', '-'),
        fc.constantFrom('"', ' ', ':', '(', 'Κάρτα: '),
        (number, separator, before) => {
          const grouped = number.match(/.{1,4}/g)!.join(separator);
          expect(findCardNumbers(`${before}${grouped}, end`)).toEqual([number]);
        },
      ),
    );
  });

  it('does not take a number failing the Luhn check for a card number', () => {
    expect(findCardNumbers('4111111111111112')).toEqual([]);
    expect(findCardNumbers('4111 1111 1111 1112')).toEqual([]);
  });

  it('ignores runs shorter than 13 or longer than 19 digits', () => {
    // 12 digits, Luhn-valid: still not a card number.
    const twelve = `41111111111${luhnCheckDigit('41111111111')}`;
    expect(isLuhnValid(twelve)).toBe(true);
    expect(findCardNumbers(twelve)).toEqual([]);
    const twenty = `4111111111111111111${luhnCheckDigit('4111111111111111111')}`;
    expect(findCardNumbers(twenty)).toEqual([]);
    expect(findCardNumbers('41111111111111111')).toEqual([]);
  });

  it('ignores dates, times, amounts, phones, tax ids and masked numbers', () => {
    const text = [
      '2025-01-15',
      '15/01/2025',
      '2025-01-15T10:20:30.123Z',
      '1.234,56 €',
      '+306944123456',
      '094019245',
      maskCardNumber('534711', '1234'),
      '5347 11•• •••• 1234',
    ].join(' | ');
    expect(findCardNumbers(text)).toEqual([]);
  });

  it('ignores the digits of UUIDs and hex tokens', () => {
    // Both contain Luhn-valid runs of 13–19 digits glued to letters.
    expect(isLuhnValid('9364458891646')).toBe(true);
    expect(findCardNumbers('"cardId":"b0663bae-c936-4458-8916-46f101e9c37c"')).toEqual([]);
    expect(findCardNumbers('tok_ab4111111111111111cd')).toEqual([]);
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32 }),
        (uuid, hex) => {
          expect(findCardNumbers(`{"id":"${uuid}","token":"tok_${hex}"}`)).toEqual([]);
        },
      ),
      { numRuns: 5_000 },
    );
  });
  it('ignores the fraction of a decimal number', () => {
    expect(isLuhnValid('33714999999938')).toBe(true);
    expect(findCardNumbers('{"responseTime":56.33714999999938,"msg":"request completed"}')).toEqual([]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 999, noNaN: true }), (value) => {
        expect(findCardNumbers(JSON.stringify({ responseTime: value }))).toEqual([]);
      }),
      { numRuns: 5_000 },
    );
    // A card number written as a JSON number is still found.
    expect(findCardNumbers('{"pan":4111111111111111}')).toEqual(['4111111111111111']);
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['11526', '11526'],
    ['115 26', '11526'],
    [' 546 30 ', '54630'],
    ['80000', '80000'],
  ])('reads %j as %s', (text, expected) => expect(normalizePostalCode(text)).toBe(expected));

  it.each(['9999', '99999', '01234', '115266', '1152a', '', 'ΤΚ 11526'])('refuses %j', (text) =>
    expect(normalizePostalCode(text)).toBeNull(),
  );

  it('accepts five digits starting 1–8, written whole or as 3 + 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), digitString(4, 4), fc.boolean(), (first, rest, split) => {
        const code = `${first}${rest}`;
        const written = split ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
        expect(normalizePostalCode(written)).toBe(code);
      }),
    );
  });

  it('returns five digits or null for any text, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), digitString(0, 7)), (text) => {
        const result = normalizePostalCode(text);
        if (result !== null) {
          expect(result).toMatch(/^[1-8]\d{4}$/);
          expect(normalizePostalCode(result)).toBe(result);
        }
      }),
    );
  });
});

describe('normalizeGreekPhone', () => {
  it.each([
    ['2106001234', '+302106001234'],
    ['210 600 1234', '+302106001234'],
    ['+30 210 600 1234', '+302106001234'],
    ['0030 6944 123456', '+306944123456'],
    ['(694) 412-3456', '+306944123456'],
  ])('reads %j as %s', (text, expected) => expect(normalizeGreekPhone(text)).toBe(expected));

  it.each(['12345', '6812345678', '1106001234', '21060012345', '+44 20 7946 0958', '', '69441234a6'])(
    'refuses %j',
    (text) => expect(normalizeGreekPhone(text)).toBeNull(),
  );

  it('accepts any landline or mobile, with or without the country prefix and separators', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digitString(9, 9).map((rest) => `2${rest}`),
          digitString(8, 8).map((rest) => `69${rest}`),
        ),
        fc.constantFrom('', '+30', '0030', '+30 '),
        fc.constantFrom('', ' ', '-', '.'),
        (national, prefix, separator) => {
          const written = `${prefix}${national.slice(0, 3)}${separator}${national.slice(3, 6)}${separator}${national.slice(6)}`;
          expect(normalizeGreekPhone(written)).toBe(`+30${national}`);
        },
      ),
    );
  });

  it('returns +30 and ten digits or null for any text, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), digitString(0, 14)), (text) => {
        const result = normalizeGreekPhone(text);
        if (result !== null) {
          expect(result).toMatch(/^\+30(2\d{9}|69\d{8})$/);
          expect(normalizeGreekPhone(result)).toBe(result);
        }
      }),
    );
  });
});

describe('isValidGreekTaxId and completeGreekTaxId', () => {
  it.each(['094019245', '090000045', '094 019 245'])('accepts the valid tax id %j', (text) =>
    expect(isValidGreekTaxId(text)).toBe(true),
  );

  it.each(['094019244', '000000000', '09401924', '0940192450', '09401924a', ''])('refuses %j', (text) =>
    expect(isValidGreekTaxId(text)).toBe(false),
  );

  it('completes any eight digits (except all zeros) to a valid tax id', () => {
    fc.assert(
      fc.property(
        digitString(8, 8).filter((digits) => digits !== '00000000'),
        (firstEight) => {
          const taxId = completeGreekTaxId(firstEight);
          expect(taxId).toMatch(/^\d{9}$/);
          expect(taxId.slice(0, 8)).toBe(firstEight);
          expect(isValidGreekTaxId(taxId)).toBe(true);
        },
      ),
    );
  });

  it('refuses a tax id whose check digit is wrong', () => {
    fc.assert(
      fc.property(
        digitString(8, 8).filter((digits) => digits !== '00000000'),
        fc.integer({ min: 1, max: 9 }),
        (firstEight, delta) => {
          const valid = completeGreekTaxId(firstEight);
          const wrong = `${firstEight}${(Number(valid[8]) + delta) % 10}`;
          expect(isValidGreekTaxId(wrong)).toBe(false);
        },
      ),
    );
  });
});

describe('greekVocative: the case a salutation takes', () => {
  it.each([
    // Two-syllable names in -ος take -ο in speech and in letters alike.
    ['Νίκος', 'Νίκο'],
    ['Γιώργος', 'Γιώργο'],
    ['Πέτρος', 'Πέτρο'],
    ['Παύλος', 'Παύλο'],
    ['Χρήστος', 'Χρήστο'],
    ['Στέλιος', 'Στέλιο'],
    ['Σπύρος', 'Σπύρο'],
    // Diminutives in -άκος, -έκος too.
    ['Αλέκος', 'Αλέκο'],
    ['Κυριάκος', 'Κυριάκο'],
    // Longer names in -ος take -ε.
    ['Θεόδωρος', 'Θεόδωρε'],
    ['Αλέξανδρος', 'Αλέξανδρε'],
    ['Στέφανος', 'Στέφανε'],
    ['Άγγελος', 'Άγγελε'],
    ['Ευάγγελος', 'Ευάγγελε'],
    ['Νικόλαος', 'Νικόλαε'],
    ['Κωνσταντίνος', 'Κωνσταντίνε'],
    ['Δημήτριος', 'Δημήτριε'],
    // -ας → -α, -ης → -η, wherever the accent.
    ['Κώστας', 'Κώστα'],
    ['Ηλίας', 'Ηλία'],
    ['Ανδρέας', 'Ανδρέα'],
    ['Λουκάς', 'Λουκά'],
    ['Γιάννης', 'Γιάννη'],
    ['Δημήτρης', 'Δημήτρη'],
    ['Παναγιώτης', 'Παναγιώτη'],
    ['Θοδωρής', 'Θοδωρή'],
    ['Μιχαήλ', 'Μιχαήλ'],
  ])('%s → %s, masculine', (name, form) => {
    expect(greekVocative(name)).toEqual({ form, gender: 'masculine' });
  });

  it.each(['Μαρία', 'Ελένη', 'Κατερίνα', 'Φωτεινή', 'Σοφία', 'Μυρτώ', 'Φρόσω'])(
    '%s keeps its form, feminine',
    (name) => {
      expect(greekVocative(name)).toEqual({ form: name, gender: 'feminine' });
    },
  );

  it('declines names written in capitals without accents where the ending alone decides', () => {
    expect(greekVocative('ΝΙΚΟΣ')).toEqual({ form: 'ΝΙΚΟ', gender: 'masculine' });
    expect(greekVocative('ΓΙΩΡΓΟΣ')).toEqual({ form: 'ΓΙΩΡΓΟ', gender: 'masculine' });
    expect(greekVocative('ΚΩΣΤΑΣ')).toEqual({ form: 'ΚΩΣΤΑ', gender: 'masculine' });
    expect(greekVocative('ΜΑΡΙΑ')).toEqual({ form: 'ΜΑΡΙΑ', gender: 'feminine' });
    // Without the accent a longer -ος name could take either ending.
    expect(greekVocative('ΑΛΕΞΑΝΔΡΟΣ')).toBeNull();
  });

  it('declines each part of a compound name of one gender', () => {
    expect(greekVocative('Άννα-Μαρία')).toEqual({ form: 'Άννα-Μαρία', gender: 'feminine' });
    expect(greekVocative(' Ιωάννης  Αλέξανδρος ')).toEqual({ form: 'Ιωάννη Αλέξανδρε', gender: 'masculine' });
    expect(greekVocative('Μαρία Νίκος')).toBeNull();
  });

  it.each(['', '   ', 'Katerina', 'John', 'Νίκος2', 'Στυλιανός', 'Άρτεμις', 'Σπυρίδων', 'Ν'])(
    'cannot tell the form of %j',
    (name) => {
      expect(greekVocative(name)).toBeNull();
    },
  );
});

describe('emailGreeting', () => {
  it('greets in the vocative with the gender of the name in Greek', () => {
    expect(emailGreeting('Νίκος', 'el')).toBe('Αγαπητέ Νίκο,');
    expect(emailGreeting('Γιώργος', 'el')).toBe('Αγαπητέ Γιώργο,');
    expect(emailGreeting('Δημήτρης', 'el')).toBe('Αγαπητέ Δημήτρη,');
    expect(emailGreeting('Μαρία', 'el')).toBe('Αγαπητή Μαρία,');
    expect(emailGreeting('Ελένη', 'el')).toBe('Αγαπητή Ελένη,');
  });

  it('greets neutrally in Greek where the form is unknown, never with "Αγαπητέ/ή"', () => {
    expect(emailGreeting('Katerina', 'el')).toBe('Γεια σας,');
    expect(emailGreeting('', 'el')).toBe('Γεια σας,');
    expect(emailGreeting('Στυλιανός', 'el')).toBe('Γεια σας,');
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(emailGreeting(name, 'el')).toMatch(/^(Αγαπητέ \S.*|Αγαπητή \S.*|Γεια σας),$/);
        expect(emailGreeting(name, 'el')).not.toContain('/');
      }),
    );
  });

  it('greets by the name as written in English', () => {
    expect(emailGreeting('Maria', 'en')).toBe('Dear Maria,');
    expect(emailGreeting('Νίκος', 'en')).toBe('Dear Νίκος,');
    expect(emailGreeting(' ', 'en')).toBe('Hello,');
  });
});
