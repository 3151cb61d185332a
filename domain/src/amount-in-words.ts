import type { Cents } from './money';

/**
 * An amount of euros in Greek words, as Greek invoices customarily print their total ("ποσό
 * ολογράφως"): `123456` cents is «Χίλια διακόσια τριάντα τέσσερα ευρώ και πενήντα έξι λεπτά».
 *
 * Greek numerals agree with their noun: euros and cents (ευρώ, λεπτά) are neuter, so one to four
 * and the hundreds are neuter («τρία ευρώ», «διακόσια ευρώ»); thousands are counted in χιλιάδες,
 * a feminine noun («τρεις χιλιάδες», «διακόσιες μία χιλιάδες»), except one thousand, «χίλια»;
 * millions and billions are neuter nouns («τρία εκατομμύρια»). Exactly one hundred is «εκατό»,
 * one hundred and more «εκατόν».
 */
export function amountInGreekWords(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${cents} is not whole cents ≥ 0`);
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  const parts: string[] = [];
  if (euros > 0 || rest === 0) parts.push(`${wholeNumber(euros)} ευρώ`);
  if (rest > 0) parts.push(`${wholeNumber(rest)} ${rest === 1 ? 'λεπτό' : 'λεπτά'}`);
  const text = parts.join(' και ');
  // Not `toLocaleUpperCase('el')`: Greek capitals drop the accent only when the whole word is in
  // capitals; a sentence's first letter keeps it («Ένα»).
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Gender = 'neuter' | 'feminine';

const UNITS: Record<Gender, readonly string[]> = {
  neuter: ['', 'ένα', 'δύο', 'τρία', 'τέσσερα', 'πέντε', 'έξι', 'επτά', 'οκτώ', 'εννέα'],
  feminine: ['', 'μία', 'δύο', 'τρεις', 'τέσσερις', 'πέντε', 'έξι', 'επτά', 'οκτώ', 'εννέα'],
};
const TEENS: Record<Gender, readonly string[]> = {
  neuter: [
    'δέκα',
    'έντεκα',
    'δώδεκα',
    'δεκατρία',
    'δεκατέσσερα',
    'δεκαπέντε',
    'δεκαέξι',
    'δεκαεπτά',
    'δεκαοκτώ',
    'δεκαεννέα',
  ],
  feminine: [
    'δέκα',
    'έντεκα',
    'δώδεκα',
    'δεκατρείς',
    'δεκατέσσερις',
    'δεκαπέντε',
    'δεκαέξι',
    'δεκαεπτά',
    'δεκαοκτώ',
    'δεκαεννέα',
  ],
};
const TENS = [
  '',
  '',
  'είκοσι',
  'τριάντα',
  'σαράντα',
  'πενήντα',
  'εξήντα',
  'εβδομήντα',
  'ογδόντα',
  'ενενήντα',
];
const HUNDREDS = [
  '',
  '',
  'διακόσι',
  'τριακόσι',
  'τετρακόσι',
  'πεντακόσι',
  'εξακόσι',
  'επτακόσι',
  'οκτακόσι',
  'εννιακόσι',
];

/** 0–999 in words, in the gender of the noun counted. */
function belowThousand(value: number, gender: Gender): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const words: string[] = [];
  if (hundreds === 1) words.push(rest === 0 ? 'εκατό' : 'εκατόν');
  else if (hundreds > 1) words.push(`${HUNDREDS[hundreds]}${gender === 'neuter' ? 'α' : 'ες'}`);
  if (rest >= 10 && rest < 20) words.push(TEENS[gender][rest - 10]!);
  else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10 > 0) words.push(UNITS[gender][rest % 10]!);
  }
  return words.join(' ');
}

/** A whole number (below a trillion) in neuter words; `0` is «μηδέν». */
function wholeNumber(value: number): string {
  if (value === 0) return 'μηδέν';
  if (value >= 1e12) throw new RangeError(`${value} is too large to write out`);
  const billions = Math.floor(value / 1e9);
  const millions = Math.floor(value / 1e6) % 1000;
  const thousands = Math.floor(value / 1000) % 1000;
  const units = value % 1000;
  const words: string[] = [];
  if (billions > 0) {
    words.push(billions === 1 ? 'ένα δισεκατομμύριο' : `${belowThousand(billions, 'neuter')} δισεκατομμύρια`);
  }
  if (millions > 0) {
    words.push(millions === 1 ? 'ένα εκατομμύριο' : `${belowThousand(millions, 'neuter')} εκατομμύρια`);
  }
  if (thousands > 0) {
    words.push(thousands === 1 ? 'χίλια' : `${belowThousand(thousands, 'feminine')} χιλιάδες`);
  }
  if (units > 0) words.push(belowThousand(units, 'neuter'));
  return words.join(' ');
}
