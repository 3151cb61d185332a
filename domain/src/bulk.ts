import { z } from 'zod';
import { foldForSearch } from './input';
import type { Locale } from './locale';
import { CardIssueReasonSchema, OrderTypeSchema } from './orders';
import {
  CARD_CATEGORIES,
  CARD_FAMILIES,
  CardCategorySchema,
  CardFamilySchema,
  PRODUCTS,
  type CardCategory,
  type CardFamily,
} from './products';

/**
 * Bulk loads and orders by Excel or CSV (SPEC §3 bulk order cards and bulk product, §4 BULK_LOAD,
 * §7 bulkLoadCardOrder, sample and example files, uploadExcelDraftOrder;
 * docs/decisions/011-bulk-import.md). A file is uploaded, read in the background into a preview
 * where every row shows its problems, the user fixes rows in place or drops them, and the good rows
 * become drafts that continue in the normal card-issue flow.
 */

/** What a file is for: loading existing cards, ordering new cards, or both (one draft each). */
export const BULK_PURPOSES = ['load', 'new', 'mixed'] as const;
export type BulkPurpose = (typeof BULK_PURPOSES)[number];
export const BulkPurposeSchema = z.enum(BULK_PURPOSES);

/** What one row asks for. */
export const BULK_ROW_KINDS = ['load', 'new'] as const;
export type BulkRowKind = (typeof BULK_ROW_KINDS)[number];

export const BULK_FILE_KINDS = ['xlsx', 'csv'] as const;
export type BulkFileKind = (typeof BULK_FILE_KINDS)[number];

/**
 * An import's life: `queued` (uploaded, waiting for a worker) → `processing` (rows being read) →
 * `ready` (the preview) → `converted` (drafts made). `failed` when the file as a whole cannot be
 * read (headers missing, too many rows…); `superseded` when a corrected file replaced it.
 */
export const BULK_IMPORT_STATES = [
  'queued',
  'processing',
  'ready',
  'failed',
  'converted',
  'superseded',
] as const;
export type BulkImportState = (typeof BULK_IMPORT_STATES)[number];

export const BULK_ROW_STATUSES = ['ok', 'warning', 'error'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** Sizes (the server's limits are configurable; these are the defaults and the fixed caps). */
export const BULK_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const BULK_DEFAULT_MAX_ROWS = 100_000;
/**
 * Lines per draft: a draft holds at most 10,000 lines (`SaveDraftOrderRequestSchema`); a bigger
 * import is split into several drafts of at most this many lines (ADR 011).
 */
export const BULK_DRAFT_MAX_LINES = 10_000;
/** Rows in the template's data validation ranges. */
export const BULK_TEMPLATE_ROWS = 10_000;

// ---------------------------------------------------------------------------------------------
// Columns

export const BULK_COLUMN_KEYS = [
  'action',
  'cardId',
  'last4',
  'product',
  'family',
  'firstName',
  'lastName',
  'email',
  'phone',
  'employeeCode',
  'taxId',
  'cardName',
  'amount',
] as const;
export type BulkColumnKey = (typeof BULK_COLUMN_KEYS)[number];
export const BulkColumnKeySchema = z.enum(BULK_COLUMN_KEYS);

type Texts = Record<Locale, string>;

export type BulkColumn = {
  key: BulkColumnKey;
  /** The header the templates write. */
  header: Texts;
  /** Other headers recognised (either language; compared folded, punctuation ignored). */
  aliases: readonly string[];
  /** What the instructions sheet says about the column. */
  help: Texts;
  /** Kept as text in the templates (leading zeros matter). */
  isText?: boolean;
};

export const BULK_COLUMNS: Record<BulkColumnKey, BulkColumn> = {
  action: {
    key: 'action',
    header: { el: 'Ενέργεια', en: 'Action' },
    aliases: ['ενεργεια', 'action', 'τυπος', 'type', 'είδος'],
    help: {
      el: '«Φόρτωση» για φόρτωση υπάρχουσας κάρτας, «Νέα κάρτα» για παραγγελία νέας κάρτας.',
      en: '“Load” to load an existing card, “New card” to order a new card.',
    },
  },
  cardId: {
    key: 'cardId',
    header: { el: 'Κωδικός κάρτας', en: 'Card ID' },
    aliases: ['κωδικος καρτας', 'card id', 'cardid', 'id καρτας', 'card'],
    help: {
      el: 'Ο κωδικός της κάρτας όπως εμφανίζεται στα αρχεία της πύλης. Αν λείπει, συμπληρώστε τα τελευταία 4 ψηφία και τον κωδικό εργαζομένου ή το email του κατόχου.',
      en: 'The card’s id as the portal’s files show it. Without it, fill in the last 4 digits and the cardholder’s employee code or email.',
    },
    isText: true,
  },
  last4: {
    key: 'last4',
    header: { el: 'Τελευταία 4 ψηφία', en: 'Last 4 digits' },
    aliases: [
      'τελευταια 4 ψηφια',
      'τελευταια 4',
      '4 τελευταια ψηφια',
      'last 4 digits',
      'last four digits',
      'last 4',
      'last4',
    ],
    help: {
      el: 'Τα τελευταία 4 ψηφία του αριθμού της κάρτας (ποτέ ολόκληρος ο αριθμός).',
      en: 'The last 4 digits of the card number (never the whole number).',
    },
    isText: true,
  },
  product: {
    key: 'product',
    header: { el: 'Προϊόν', en: 'Product' },
    aliases: ['προιον', 'product', 'προϊον καρτας', 'card product'],
    help: {
      el: 'Ticket Restaurant, Spendeo, MyBenefits, Δωροκάρτα ή Κάρτα φιλοξενίας (λίστα στο κελί).',
      en: 'Ticket Restaurant, Spendeo, MyBenefits, Gift voucher or Complimentary card (list in the cell).',
    },
  },
  family: {
    key: 'family',
    header: { el: 'Οικογένεια', en: 'Family' },
    aliases: ['οικογενεια', 'family', 'τυπος καρτας', 'card type', 'μορφη', 'form'],
    help: {
      el: 'Πλαστική ή Ψηφιακή για Ticket Restaurant, Δωροκάρτα και Κάρτα φιλοξενίας· για Spendeo και MyBenefits μπορεί να μείνει κενό.',
      en: 'Plastic or Virtual for Ticket Restaurant, Gift voucher and Complimentary card; may stay empty for Spendeo and MyBenefits.',
    },
  },
  firstName: {
    key: 'firstName',
    header: { el: 'Όνομα', en: 'First name' },
    aliases: ['ονομα', 'first name', 'firstname', 'given name', 'ονομα κατοχου'],
    help: { el: 'Όνομα κατόχου.', en: 'Cardholder’s first name.' },
  },
  lastName: {
    key: 'lastName',
    header: { el: 'Επώνυμο', en: 'Last name' },
    aliases: ['επωνυμο', 'last name', 'lastname', 'surname', 'family name', 'επωνυμο κατοχου'],
    help: { el: 'Επώνυμο κατόχου.', en: 'Cardholder’s last name.' },
  },
  email: {
    key: 'email',
    header: { el: 'Email', en: 'Email' },
    aliases: ['email', 'e-mail', 'e mail', 'ηλεκτρονικο ταχυδρομειο', 'διευθυνση email'],
    help: { el: 'Email κατόχου (προαιρετικό).', en: 'Cardholder’s email (optional).' },
  },
  phone: {
    key: 'phone',
    header: { el: 'Τηλέφωνο', en: 'Phone' },
    aliases: ['τηλεφωνο', 'κινητο', 'phone', 'mobile', 'telephone', 'κινητο τηλεφωνο'],
    help: {
      el: 'Ελληνικό σταθερό ή κινητό, π.χ. 6944123456 (προαιρετικό).',
      en: 'Greek landline or mobile, e.g. 6944123456 (optional).',
    },
    isText: true,
  },
  employeeCode: {
    key: 'employeeCode',
    header: { el: 'Κωδικός εργαζομένου', en: 'Employee code' },
    aliases: ['κωδικος εργαζομενου', 'κωδ εργαζομενου', 'αριθμος μητρωου', 'employee code', 'employee id'],
    help: {
      el: 'Ο κωδικός του εργαζομένου στην εταιρεία σας.',
      en: 'The employee’s code in your company.',
    },
    isText: true,
  },
  taxId: {
    key: 'taxId',
    header: { el: 'ΑΦΜ', en: 'Tax id' },
    aliases: ['αφμ', 'α φ μ', 'tax id', 'taxid', 'vat', 'vat number', 'afm'],
    help: {
      el: 'ΑΦΜ κατόχου, 9 ψηφία (προαιρετικό).',
      en: 'Cardholder’s Greek tax id, 9 digits (optional).',
    },
    isText: true,
  },
  cardName: {
    key: 'cardName',
    header: { el: 'Όνομα κάρτας', en: 'Card name' },
    aliases: ['ονομα καρτας', 'card name', 'ονομα στην καρτα', 'name on card'],
    help: {
      el: 'Το όνομα που τυπώνεται ή εμφανίζεται στην κάρτα, έως 26 χαρακτήρες (προαιρετικό).',
      en: 'The name printed or shown on the card, up to 26 characters (optional).',
    },
  },
  amount: {
    key: 'amount',
    header: { el: 'Ποσό (€)', en: 'Amount (€)' },
    aliases: [
      'ποσο',
      'ποσο ευρω',
      'ποσο φορτωσης',
      'ποσο eur',
      'amount',
      'amount eur',
      'load amount',
      'amount euro',
    ],
    help: {
      el: 'Σε ευρώ: 1.234,56 ή 1234.56 ή αριθμός. Για νέα κάρτα χωρίς φόρτωση γράψτε 0.',
      en: 'In euros: 1.234,56 or 1234.56 or a number. For a new card without a load write 0.',
    },
  },
};

/**
 * Headers the problem-rows file adds around the data (row number, status, problems): recognised so
 * that a corrected problem file uploads as it is, and otherwise ignored.
 */
export const BULK_REPORT_HEADERS = {
  row: { el: 'Γραμμή', en: 'Row' },
  status: { el: 'Κατάσταση', en: 'Status' },
  problems: { el: 'Προβλήματα', en: 'Problems' },
} as const;

/** The columns of each purpose, in template order. */
export const BULK_PURPOSE_COLUMNS: Record<BulkPurpose, readonly BulkColumnKey[]> = {
  load: ['cardId', 'last4', 'employeeCode', 'email', 'lastName', 'firstName', 'product', 'amount'],
  new: [
    'product',
    'family',
    'lastName',
    'firstName',
    'email',
    'phone',
    'employeeCode',
    'taxId',
    'cardName',
    'amount',
  ],
  mixed: [
    'action',
    'cardId',
    'last4',
    'product',
    'family',
    'lastName',
    'firstName',
    'email',
    'phone',
    'employeeCode',
    'taxId',
    'cardName',
    'amount',
  ],
};

/**
 * Headers a file must have, per purpose: each entry is a set of alternatives (one of them is
 * enough). A load names its card by card id or by last four digits.
 */
export const BULK_REQUIRED_COLUMNS: Record<BulkPurpose, readonly (readonly BulkColumnKey[])[]> = {
  load: [['amount'], ['cardId', 'last4']],
  new: [['product'], ['firstName'], ['lastName'], ['amount']],
  mixed: [['action'], ['amount'], ['product'], ['firstName'], ['lastName'], ['cardId', 'last4']],
};

/** A header as compared: folded (case, accents), anything but letters and digits made one space. */
export function normalizeBulkHeader(text: string): string {
  return foldForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const HEADER_INDEX: ReadonlyMap<string, BulkColumnKey> = (() => {
  const index = new Map<string, BulkColumnKey>();
  for (const column of Object.values(BULK_COLUMNS)) {
    for (const text of [column.header.el, column.header.en, ...column.aliases]) {
      index.set(normalizeBulkHeader(text), column.key);
    }
  }
  return index;
})();

const REPORT_HEADERS: ReadonlySet<string> = new Set(
  Object.values(BULK_REPORT_HEADERS).flatMap((texts) => [
    normalizeBulkHeader(texts.el),
    normalizeBulkHeader(texts.en),
  ]),
);

export type BulkHeaderMatch = {
  /** The recognised columns of the purpose: key → the 0-based position in the row. */
  positions: Partial<Record<BulkColumnKey, number>>;
  /** The header texts as the file wrote them, by key. */
  headers: Partial<Record<BulkColumnKey, string>>;
  /** Headers that name nothing this purpose reads (kept in the raw cells, otherwise ignored). */
  ignored: string[];
  /** Required columns absent: one entry per missing set of alternatives. */
  missing: BulkColumnKey[][];
  /** Columns named twice. */
  repeated: BulkColumnKey[];
};

/**
 * Matches a header row to the purpose's columns, in either language and any column order
 * (accents, case, extra spaces and punctuation such as `(€)` ignored).
 */
export function matchBulkHeaders(cells: readonly string[], purpose: BulkPurpose): BulkHeaderMatch {
  const wanted = new Set(BULK_PURPOSE_COLUMNS[purpose]);
  const match: BulkHeaderMatch = { positions: {}, headers: {}, ignored: [], missing: [], repeated: [] };
  cells.forEach((cell, position) => {
    const text = cell.trim();
    if (text === '') return;
    const normal = normalizeBulkHeader(text);
    const key = HEADER_INDEX.get(normal);
    if (!key || !wanted.has(key)) {
      if (!REPORT_HEADERS.has(normal)) match.ignored.push(text);
      return;
    }
    if (match.positions[key] !== undefined) {
      if (!match.repeated.includes(key)) match.repeated.push(key);
      return;
    }
    match.positions[key] = position;
    match.headers[key] = text;
  });
  for (const alternatives of BULK_REQUIRED_COLUMNS[purpose]) {
    if (!alternatives.some((key) => match.positions[key] !== undefined))
      match.missing.push([...alternatives]);
  }
  return match;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Text of a cell as compared and stored: Unicode NFC (Greek accents composed), spaces collapsed. */
export function normalizeBulkText(text: string): string {
  // Printable ASCII without spaces (ids, codes, amounts) is already what it would become.
  if (/^[\x21-\x7e]*$/.test(text)) return text;
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Family names in the templates' lists, per language. */
export const BULK_FAMILY_NAMES: Record<CardFamily, Texts> = {
  plastic: { el: 'Πλαστική', en: 'Plastic' },
  virtual: { el: 'Ψηφιακή', en: 'Virtual' },
  spendeo: { el: 'Spendeo', en: 'Spendeo' },
  mybenefits: { el: 'MyBenefits', en: 'MyBenefits' },
};

export const BULK_ACTION_NAMES: Record<BulkRowKind, Texts> = {
  load: { el: 'Φόρτωση', en: 'Load' },
  new: { el: 'Νέα κάρτα', en: 'New card' },
};

function indexOf<T extends string>(entries: [T, readonly string[]][]): ReadonlyMap<string, T> {
  const index = new Map<string, T>();
  for (const [value, names] of entries) for (const name of names) index.set(normalizeBulkHeader(name), value);
  return index;
}

const PRODUCT_INDEX = indexOf<CardCategory>(
  CARD_CATEGORIES.map((category) => [
    category,
    [
      category,
      category.replace(/_/g, ' '),
      PRODUCTS[category].name.el,
      PRODUCTS[category].name.en,
      ...(category === 'TICKET_RESTAURANT' ? ['TR', 'Ticket'] : []),
      ...(category === 'MY_BENEFITS' ? ['My Benefits'] : []),
      ...(category === 'VOUCHER' ? ['Voucher', 'Gift card', 'Δωροεπιταγή'] : []),
      ...(category === 'COPMLIMENT' ? ['Complimentary', 'Compliment', 'Φιλοξενία'] : []),
    ],
  ]),
);

const FAMILY_INDEX = indexOf<CardFamily>(
  CARD_FAMILIES.map((family) => [
    family,
    [
      family,
      BULK_FAMILY_NAMES[family].el,
      BULK_FAMILY_NAMES[family].en,
      ...(family === 'plastic' ? ['Πλαστικη καρτα', 'Plastic card', 'TRC'] : []),
      ...(family === 'virtual' ? ['Εικονική', 'Ψηφιακή κάρτα', 'Virtual card', 'Digital', 'TRZ'] : []),
      ...(family === 'mybenefits' ? ['My Benefits'] : []),
    ],
  ]),
);

const ACTION_INDEX = indexOf<BulkRowKind>([
  ['load', ['load', 'Φόρτωση', 'Φόρτιση', 'Top up', 'Top-up', 'Επαναφόρτωση', 'L', 'Φ']],
  ['new', ['new', 'New card', 'Νέα κάρτα', 'Νέα', 'Έκδοση', 'Issue', 'N', 'Ν']],
]);

/** A product as a file may name it (code, Greek or English name, accents and case ignored). */
export function parseBulkProduct(text: string): CardCategory | null {
  return PRODUCT_INDEX.get(normalizeBulkHeader(text)) ?? null;
}

/** A card family as a file may name it (Πλαστική/Plastic, Ψηφιακή/Virtual, Spendeo, MyBenefits). */
export function parseBulkFamily(text: string): CardFamily | null {
  return FAMILY_INDEX.get(normalizeBulkHeader(text)) ?? null;
}

/** A mixed file's action (Φόρτωση/Load, Νέα κάρτα/New card). */
export function parseBulkAction(text: string): BulkRowKind | null {
  return ACTION_INDEX.get(normalizeBulkHeader(text)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Over HTTP (under /api/v1/orders)

const Lang = z.enum(['el', 'en']);

/** `GET downloadSampleFile` and `GET downloadExampleFile`: the empty template and a filled example. */
export const BulkTemplateQuerySchema = z.object({
  purpose: BulkPurposeSchema,
  lang: Lang.optional(),
});
export type BulkTemplateQuery = z.infer<typeof BulkTemplateQuerySchema>;

/**
 * `POST uploadExcelDraftOrder`: the file's bytes are the body (`.xlsx` or `.csv`, up to the
 * configured size); what it is for and its name come in the query.
 */
export const UploadBulkFileQuerySchema = z.object({
  purpose: BulkPurposeSchema,
  fileName: z.string().trim().min(1).max(200),
  /** A corrected file that replaces an earlier import of the company (which is then superseded). */
  replacesImportId: z.uuid().optional(),
});
export type UploadBulkFileQuery = z.infer<typeof UploadBulkFileQuerySchema>;

export const BulkImportIdParamsSchema = z.object({ importId: z.uuid() });

/** A problem of the file as a whole, translated. */
export const BulkFailureSchema = z.object({ code: z.string(), message: z.string() });

export const BulkImportDraftSchema = z.object({
  draftId: z.uuid(),
  reason: CardIssueReasonSchema,
  orderType: OrderTypeSchema,
  product: CardCategorySchema,
  family: CardFamilySchema,
  draftOrderAlias: z.string(),
  lines: z.number().int(),
});
export type BulkImportDraft = z.infer<typeof BulkImportDraftSchema>;

/** An import with its progress (the page polls it; it survives a reload). */
export const BulkImportSchema = z.object({
  importId: z.uuid(),
  purpose: BulkPurposeSchema,
  fileName: z.string(),
  fileKind: z.enum(BULK_FILE_KINDS),
  fileBytes: z.number().int(),
  state: z.enum(BULK_IMPORT_STATES),
  failure: BulkFailureSchema.nullable(),
  /** Rows the file holds (an estimate until it is read; null when not known yet). */
  rowsTotal: z.number().int().nullable(),
  rowsRead: z.number().int(),
  rowsOk: z.number().int(),
  rowsWarning: z.number().int(),
  rowsError: z.number().int(),
  rowsDropped: z.number().int(),
  /** The recognised columns, with the header as the file wrote it. */
  columns: z.array(z.object({ key: BulkColumnKeySchema, header: z.string() })),
  ignoredColumns: z.array(z.string()),
  drafts: z.array(BulkImportDraftSchema),
  replacesImportId: z.uuid().nullable(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkImport = z.infer<typeof BulkImportSchema>;
export const BulkImportResponseSchema = z.object({ success: z.literal(true), import: BulkImportSchema });
export type BulkImportResponse = z.infer<typeof BulkImportResponseSchema>;
/** `GET bulkImports`: the company's recent imports, newest first. */
export const BulkImportsResponseSchema = z.object({
  success: z.literal(true),
  imports: z.array(BulkImportSchema),
});
export type BulkImportsResponse = z.infer<typeof BulkImportsResponseSchema>;

/** A row's problem: the column (null for the row as a whole), why, in the request's language. */
export const BulkProblemSchema = z.object({
  column: BulkColumnKeySchema.nullable(),
  /** The column's header in the request's language. */
  header: z.string().nullable(),
  level: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
});
export type BulkProblem = z.infer<typeof BulkProblemSchema>;

export const BulkImportRowSchema = z.object({
  /** The row's number in the file (the header is row 1 in a template). */
  rowNumber: z.number().int(),
  status: z.enum(BULK_ROW_STATUSES),
  isDropped: z.boolean(),
  kind: z.enum(BULK_ROW_KINDS).nullable(),
  /** The cells as read (text), by column. */
  cells: z.partialRecord(BulkColumnKeySchema, z.string()),
  /** The card a load names, masked (ARCHITECTURE §4), when it was found among the company's. */
  card: z
    .object({
      maskedNumber: z.string(),
      cardholderName: z.string(),
      product: CardCategorySchema,
      family: CardFamilySchema,
    })
    .nullable(),
  product: CardCategorySchema.nullable(),
  family: CardFamilySchema.nullable(),
  amountCents: z.number().int().nullable(),
  problems: z.array(BulkProblemSchema),
});
export type BulkImportRow = z.infer<typeof BulkImportRowSchema>;

/** Row filters of the preview: a status (dropped rows excluded), or the dropped rows. */
export const BULK_ROW_FILTERS = ['all', 'ok', 'warning', 'error', 'problems', 'dropped'] as const;
export const BulkImportRowsQuerySchema = z.object({
  status: z.enum(BULK_ROW_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type BulkImportRowsQuery = z.input<typeof BulkImportRowsQuerySchema>;
export const BulkImportRowsResponseSchema = z.object({
  success: z.literal(true),
  import: BulkImportSchema,
  rows: z.array(BulkImportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BulkImportRowsResponse = z.infer<typeof BulkImportRowsResponseSchema>;

export const BulkImportRowParamsSchema = z.object({
  importId: z.uuid(),
  rowNumber: z.coerce.number().int().min(1).max(10_000_000),
});

/** `PATCH bulkImports/{importId}/rows/{rowNumber}`: new texts for some cells; re-validated at once. */
export const UpdateBulkImportRowRequestSchema = z.object({
  cells: z
    .partialRecord(BulkColumnKeySchema, z.string().max(200))
    .refine((cells) => Object.keys(cells).length > 0, { message: 'cells required' }),
});
export type UpdateBulkImportRowRequest = z.infer<typeof UpdateBulkImportRowRequestSchema>;
export const BulkImportRowResponseSchema = z.object({
  success: z.literal(true),
  import: BulkImportSchema,
  row: BulkImportRowSchema,
});
export type BulkImportRowResponse = z.infer<typeof BulkImportRowResponseSchema>;

/**
 * `POST bulkImports/{importId}/dropRows`: leaves rows out of the order (`restore` puts them back);
 * either the rows named, or every row with errors.
 */
export const DropBulkImportRowsRequestSchema = z
  .object({
    rowNumbers: z.array(z.number().int().min(1)).min(1).max(10_000).optional(),
    status: z.enum(['error', 'warning']).optional(),
    restore: z.boolean().default(false),
  })
  .refine((body) => (body.rowNumbers === undefined) !== (body.status === undefined), {
    message: 'rows required',
    path: ['rowNumbers'],
  });
export type DropBulkImportRowsRequest = z.input<typeof DropBulkImportRowsRequestSchema>;

/** `GET bulkImports/{importId}/problemRows`: the rows with problems as an xlsx (plain link). */
export const BulkProblemRowsQuerySchema = z.object({
  companyId: z.string().max(40).optional(),
  lang: Lang.optional(),
});

/**
 * `POST bulkLoadCardOrder`: the good rows (ok and warning, not dropped) of a ready import become
 * drafts: a BULK_LOAD draft (reason `load-card`) per product and family of the cards loaded, a NEW
 * draft (reason `new-card`) per product and family ordered, each split at 10,000 lines.
 */
export const BulkLoadCardOrderRequestSchema = z.object({
  importId: z.uuid(),
  /** The drafts' alias; defaults to the file's name. Split drafts get ` (1/3)`… appended. */
  draftOrderAlias: z.string().trim().max(70).optional(),
  invoiceComments: z.string().trim().max(500).default(''),
  /** Where new physical cards go (the drafts of new cards); may also be chosen later on the draft. */
  deliveryPointId: z.uuid().nullable().default(null),
  /** Issue 35 §8 (ADR 049): invite the holders the file names who were never invited to the app. */
  inviteCardholders: z.boolean().optional(),
});
export type BulkLoadCardOrderRequest = z.input<typeof BulkLoadCardOrderRequestSchema>;
export const BulkLoadCardOrderResponseSchema = z.object({
  success: z.literal(true),
  drafts: z.array(BulkImportDraftSchema),
  /** How many cardholders were sent the app's invitation, when the request asked for it. */
  invitedCardholders: z.number().int().optional(),
});
export type BulkLoadCardOrderResponse = z.infer<typeof BulkLoadCardOrderResponseSchema>;
