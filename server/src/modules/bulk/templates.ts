import {
  BULK_ACTION_NAMES,
  BULK_COLUMNS,
  BULK_FAMILY_NAMES,
  BULK_PURPOSE_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  BULK_TEMPLATE_ROWS,
  CARD_CATEGORIES,
  CARD_FAMILIES,
  completeGreekTaxId,
  formatAmount,
  PRODUCTS,
  type BulkColumnKey,
  type BulkPurpose,
  type Locale,
} from '@tessera/domain';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/file-libraries';

/**
 * The files a user starts from (SPEC §7 sample and example files): the sample is the empty
 * template of a purpose — headers in the user's language, lists to pick product, family and
 * action from, an instructions sheet; the example is the same template filled with realistic Greek
 * rows. Both are read back by the import exactly as a user's file.
 */

export type TemplateKind = 'sample' | 'example';
export type TemplateLimits = { maxRows: number; maxBytes: number };

const SHEET_NAMES: Record<BulkPurpose, Record<Locale, string>> = {
  load: { el: 'Φορτώσεις', en: 'Loads' },
  new: { el: 'Νέες κάρτες', en: 'New cards' },
  mixed: { el: 'Παραγγελία', en: 'Order' },
};
const INSTRUCTIONS: Record<Locale, string> = { el: 'Οδηγίες', en: 'Instructions' };
const LISTS: Record<Locale, string> = { el: 'Λίστες', en: 'Lists' };

const TEXTS = {
  el: {
    title: {
      load: 'Φόρτωση καρτών από αρχείο',
      new: 'Παραγγελία νέων καρτών από αρχείο',
      mixed: 'Φορτώσεις και νέες κάρτες από αρχείο',
    },
    rules: (limits: TemplateLimits) => [
      'Μία γραμμή ανά κάρτα, από τη γραμμή 2 και κάτω. Κρατήστε τη γραμμή των επικεφαλίδων· η σειρά των στηλών δεν έχει σημασία.',
      'Γράψτε τιμές, όχι τύπους: οι τύποι δεν υπολογίζονται, και ένα κελί με τύπο χωρίς αποθηκευμένη τιμή επισημαίνεται ως πρόβλημα.',
      `Έως ${limits.maxRows.toLocaleString('el-GR')} γραμμές και ${Math.round(limits.maxBytes / 1024 / 1024)} MB ανά αρχείο, σε μορφή .xlsx ή .csv (UTF-8, με ; ή , ως διαχωριστικό).`,
      'Τα ποσά γράφονται σε ευρώ: 1.234,56 ή 1234.56 ή ως αριθμός.',
      'Πριν γίνει οτιδήποτε παραγγελία, θα δείτε κάθε γραμμή με τα προβλήματά της και θα μπορείτε να τα διορθώσετε ή να αφαιρέσετε γραμμές.',
    ],
    purpose: {
      load: 'Κάθε γραμμή φορτώνει μια κάρτα της εταιρείας. Η κάρτα αναγνωρίζεται από τον κωδικό της, ή από τα τελευταία 4 ψηφία μαζί με τον κωδικό εργαζομένου ή το email του κατόχου.',
      new: 'Κάθε γραμμή είναι μία νέα κάρτα για έναν νέο κάτοχο. Αν ο κάτοχος μοιάζει με υπάρχοντα, θα το δείτε στην προεπισκόπηση.',
      mixed:
        'Η στήλη «Ενέργεια» λέει αν η γραμμή φορτώνει υπάρχουσα κάρτα («Φόρτωση») ή παραγγέλνει νέα («Νέα κάρτα»). Από το αρχείο προκύπτουν χωριστές πρόχειρες παραγγελίες για φορτώσεις και για νέες κάρτες.',
    },
    columns: ['Στήλη', 'Υποχρεωτική', 'Τι γράφετε'],
    yes: 'Ναι',
    oneOf: 'Ναι (μία από αυτές)',
    no: 'Όχι',
    limits: ['Προϊόν', 'Οικογένειες', 'Ελάχιστο ποσό', 'Μέγιστο ποσό'],
    limitsTitle: 'Όρια φόρτωσης ανά προϊόν',
    pick: 'Επιλέξτε από τη λίστα.',
  },
  en: {
    title: {
      load: 'Loading cards from a file',
      new: 'Ordering new cards from a file',
      mixed: 'Loads and new cards from a file',
    },
    rules: (limits: TemplateLimits) => [
      'One row per card, from row 2 down. Keep the header row; the order of the columns does not matter.',
      'Write values, not formulas: formulas are not calculated, and a formula cell saved without its value is flagged as a problem.',
      `Up to ${limits.maxRows.toLocaleString('en-GB')} rows and ${Math.round(limits.maxBytes / 1024 / 1024)} MB per file, as .xlsx or .csv (UTF-8, separated by ; or ,).`,
      'Amounts are in euros: 1.234,56 or 1234.56 or a number.',
      'Before anything becomes an order you will see every row with its problems and can fix them or leave rows out.',
    ],
    purpose: {
      load: 'Each row loads one of the company’s cards. The card is named by its card id, or by its last 4 digits with the cardholder’s employee code or email.',
      new: 'Each row is one new card for a new cardholder. If the cardholder looks like an existing one, the preview says so.',
      mixed:
        'The “Action” column says whether the row loads an existing card (“Load”) or orders a new one (“New card”). The file makes separate draft orders for loads and for new cards.',
    },
    columns: ['Column', 'Required', 'What to write'],
    yes: 'Yes',
    oneOf: 'Yes (one of these)',
    no: 'No',
    limits: ['Product', 'Families', 'Smallest amount', 'Largest amount'],
    limitsTitle: 'Load limits per product',
    pick: 'Choose from the list.',
  },
} as const;

type ExampleRow = Partial<Record<BulkColumnKey, string | number>>;

/** Realistic Greek rows for the example files (invented people; the tax ids are valid). */
function exampleRows(purpose: BulkPurpose, locale: Locale): ExampleRow[] {
  const tr = PRODUCTS.TICKET_RESTAURANT.name[locale];
  const benefits = PRODUCTS.MY_BENEFITS.name[locale];
  const plastic = BULK_FAMILY_NAMES.plastic[locale];
  const virtual = BULK_FAMILY_NAMES.virtual[locale];
  const loads: ExampleRow[] = [
    {
      last4: '4821',
      employeeCode: 'E10234',
      lastName: 'Παπαδόπουλος',
      firstName: 'Γιώργος',
      product: tr,
      amount: 150,
    },
    {
      last4: '0937',
      employeeCode: 'E10235',
      lastName: 'Κωνσταντίνου',
      firstName: 'Ελένη',
      product: tr,
      amount: 150,
    },
    {
      last4: '5510',
      email: 'k.alexiou@akmi.gr',
      lastName: 'Αλεξίου',
      firstName: 'Κατερίνα',
      product: benefits,
      amount: 200,
    },
    {
      last4: '7302',
      employeeCode: 'E10412',
      lastName: 'Δημητρίου',
      firstName: 'Νίκος',
      product: tr,
      amount: 187.5,
    },
    {
      last4: '2246',
      employeeCode: 'E10418',
      lastName: 'Γεωργίου',
      firstName: 'Σοφία',
      product: tr,
      amount: 120,
    },
  ];
  const news: ExampleRow[] = [
    {
      product: tr,
      family: plastic,
      lastName: 'Οικονόμου',
      firstName: 'Δήμητρα',
      email: 'd.oikonomou@akmi.gr',
      phone: '6944123456',
      employeeCode: 'E20411',
      taxId: completeGreekTaxId('12345678'),
      cardName: 'DIMITRA OIKONOMOU',
      amount: 150,
    },
    {
      product: tr,
      family: virtual,
      lastName: 'Μαυρίδης',
      firstName: 'Αλέξανδρος',
      email: 'a.mavridis@akmi.gr',
      phone: '6977654321',
      employeeCode: 'E20412',
      taxId: completeGreekTaxId('23456789'),
      cardName: 'ALEXANDROS MAVRIDIS',
      amount: 150,
    },
    {
      product: benefits,
      family: BULK_FAMILY_NAMES.mybenefits[locale],
      lastName: 'Ζαχαρίου',
      firstName: 'Ευτυχία',
      email: 'e.zachariou@akmi.gr',
      employeeCode: 'E20413',
      cardName: 'EFTYCHIA ZACHARIOU',
      amount: 0,
    },
    {
      product: tr,
      family: plastic,
      lastName: 'Σπυρόπουλος',
      firstName: 'Θανάσης',
      phone: '2109876543',
      employeeCode: 'E20414',
      taxId: completeGreekTaxId('34567890'),
      amount: 100,
    },
  ];
  if (purpose === 'load') return loads;
  if (purpose === 'new') return news;
  return [
    ...loads.slice(0, 3).map((row) => ({ action: BULK_ACTION_NAMES.load[locale], ...row })),
    ...news.slice(0, 2).map((row) => ({ action: BULK_ACTION_NAMES.new[locale], ...row })),
  ];
}

/** `A`, `B`… `AA` for a 1-based column. */
function letter(column: number): string {
  let text = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

function requiredText(purpose: BulkPurpose, key: BulkColumnKey, locale: Locale): string {
  const t = TEXTS[locale];
  const rule = BULK_REQUIRED_COLUMNS[purpose].find((alternatives) => alternatives.includes(key));
  if (!rule) return t.no;
  return rule.length > 1
    ? `${t.oneOf}: ${rule.map((k) => BULK_COLUMNS[k].header[locale]).join(', ')}`
    : t.yes;
}

/**
 * Writes the sample (`kind` = sample) or example file of a purpose in `locale`: the data sheet
 * first (the import reads the first sheet whose header it recognises), then the instructions, then
 * the hidden lists the data validations point at.
 */
export async function writeTemplate(
  purpose: BulkPurpose,
  kind: TemplateKind,
  locale: Locale,
  limits: TemplateLimits,
): Promise<Buffer> {
  const t = TEXTS[locale];
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  // Fixed properties: the same template is the same file.
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  workbook.creator = 'Tessera';
  const columns = BULK_PURPOSE_COLUMNS[purpose];
  const data = workbook.addWorksheet(SHEET_NAMES[purpose][locale], {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  data.columns = columns.map((key) => ({
    header: BULK_COLUMNS[key].header[locale],
    key,
    width: Math.max(14, BULK_COLUMNS[key].header[locale].length + 4, key === 'cardId' ? 38 : 0),
    style: key === 'amount' ? { numFmt: '#,##0.00' } : BULK_COLUMNS[key].isText ? { numFmt: '@' } : {},
  }));
  const header = data.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E7EE' } };
    cell.note = BULK_COLUMNS[(columns[Number(cell.col) - 1] ?? 'amount') as BulkColumnKey].help[locale];
  });
  if (kind === 'example') for (const row of exampleRows(purpose, locale)) data.addRow(row);

  const lists = workbook.addWorksheet(LISTS[locale], { state: 'hidden' });
  const products = CARD_CATEGORIES.map((category) => PRODUCTS[category].name[locale]);
  const families = CARD_FAMILIES.map((family) => BULK_FAMILY_NAMES[family][locale]);
  const actions = [BULK_ACTION_NAMES.load[locale], BULK_ACTION_NAMES.new[locale]];
  lists.getColumn(1).values = [BULK_COLUMNS.product.header[locale], ...products];
  lists.getColumn(2).values = [BULK_COLUMNS.family.header[locale], ...families];
  lists.getColumn(3).values = [BULK_COLUMNS.action.header[locale], ...actions];
  const listRange = (column: number, count: number) =>
    `'${LISTS[locale]}'!$${letter(column)}$2:$${letter(column)}$${count + 1}`;
  const validations = (
    data as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }
  ).dataValidations;
  const ranges: Partial<Record<BulkColumnKey, string>> = {
    product: listRange(1, products.length),
    family: listRange(2, families.length),
    action: listRange(3, actions.length),
  };
  columns.forEach((key, index) => {
    const formula = ranges[key];
    if (!formula) return;
    const column = letter(index + 1);
    validations.add(`${column}2:${column}${BULK_TEMPLATE_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: 'warning',
      error: t.pick,
    });
  });

  const help = workbook.addWorksheet(INSTRUCTIONS[locale]);
  help.getColumn(1).width = 26;
  help.getColumn(2).width = 22;
  help.getColumn(3).width = 90;
  help.getColumn(4).width = 18;
  help.addRow([t.title[purpose]]).font = { bold: true, size: 14 };
  help.addRow([]);
  help.addRow([t.purpose[purpose]]);
  for (const rule of t.rules(limits)) help.addRow([`• ${rule}`]);
  help.addRow([]);
  const columnsHeader = help.addRow([...t.columns]);
  columnsHeader.font = { bold: true };
  for (const key of columns) {
    help.addRow([
      BULK_COLUMNS[key].header[locale],
      requiredText(purpose, key, locale),
      BULK_COLUMNS[key].help[locale],
    ]);
  }
  help.addRow([]);
  help.addRow([t.limitsTitle]).font = { bold: true };
  help.addRow([...t.limits]).font = { bold: true };
  for (const category of CARD_CATEGORIES) {
    const product = PRODUCTS[category];
    help.addRow([
      product.name[locale],
      product.families.map((family) => BULK_FAMILY_NAMES[family][locale]).join(', '),
      formatAmount(product.minLoadCents),
      formatAmount(product.maxLoadCents),
    ]);
  }
  help.eachRow((row) => {
    row.alignment = { wrapText: true, vertical: 'top' };
  });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
