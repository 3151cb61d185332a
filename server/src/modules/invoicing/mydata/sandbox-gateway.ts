import { and, asc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../platform/db';
import { mydataSandboxDocuments, mydataSandboxSettings, type SandboxMode } from '../schema';
import {
  centsOf,
  escapeXml,
  parseInvoicesDoc,
  parseRequestedDoc,
  responseDocXml,
  type ReceivedInvoice,
} from './aade-xml';
import type {
  AadeError,
  CancelInvoiceResult,
  DocumentOutcome,
  NoAnswer,
  SendInvoicesResult,
  TaxAuthorityGateway,
  TransmittedDocsQuery,
  TransmittedDocsResult,
} from './gateway';
import { INVOICE_NAMESPACE } from './invoices-doc';
import { mydataUid, sandboxAuthenticationCode } from './uid';
import { validateMydataXml, type XsdVerdict } from './xsd';

/**
 * The sandbox AADE: the default tax authority outside production (issue 37 §2), behind the same
 * `TaxAuthorityGateway` as the REST adapter. It checks what AADE checks first — the XSD
 * (`XMLSyntaxError`, code 101), that the lines add up to the summary (207, 209), that gross is net
 * plus VAT (203), that a credit note names its invoice (204) — then answers like AADE: a MARK
 * (`9` and 14 digits, never one of AADE's), the UID AADE would compute, an authentication code and a
 * QR URL. It remembers what it accepted, so `RequestTransmittedDocs` answers it back, and a second
 * document with a UID it holds gets AADE's duplicate refusal (228, as through a provider) or, when
 * told to act as the ERP channel does, a new MARK that replaces the first.
 *
 * Its state lives in the database (`mydata_sandbox_*`), so every instance and an e2e journey switch
 * the same sandbox: `up`, `down` (every call unreachable) or `refuse` (every document refused with a
 * given AADE-like error).
 */

export type SandboxState = {
  mode: SandboxMode;
  refusalCode: string;
  refusalMessage: string;
  duplicates: 'refuse' | 'reregister';
};

export async function sandboxState(db: Executor): Promise<SandboxState> {
  const [row] = await db.select().from(mydataSandboxSettings).where(eq(mydataSandboxSettings.id, 1));
  return row
    ? {
        mode: row.mode,
        refusalCode: row.refusalCode,
        refusalMessage: row.refusalMessage,
        duplicates: row.duplicates,
      }
    : { mode: 'up', refusalCode: '202', refusalMessage: 'Invalid Greek VAT number', duplicates: 'refuse' };
}

/** Switches the sandbox: up, down, refusing (with AADE's code and message), and how it meets duplicates. */
export async function setSandboxState(db: Executor, change: Partial<SandboxState>): Promise<SandboxState> {
  const values = { ...change, updatedAt: new Date() };
  await db
    .insert(mydataSandboxSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: mydataSandboxSettings.id, set: values });
  return sandboxState(db);
}

export type SandboxGatewayOptions = {
  db: Db;
  /** Where the sandbox's QR codes point (a page of the portal, or nowhere real). */
  qrBaseUrl?: string;
  /** The schema check (tests may count calls); AADE's XSD by default. */
  validate?: (xml: string) => Promise<XsdVerdict>;
};

const DOWN: NoAnswer = {
  kind: 'unreachable',
  reason: 'network',
  httpStatus: null,
  detail: 'the sandbox AADE is down (switched down)',
};

async function nextMark(tx: Executor): Promise<string> {
  const result = await tx.execute<{ value: string }>(
    sql`select nextval('mydata_sandbox_mark_seq')::text as value`,
  );
  return `9${result.rows[0]!.value.padStart(14, '0')}`;
}

/** AADE's own checks of a document's arithmetic, with its codes and messages. */
function arithmeticErrors(invoice: ReceivedInvoice): AadeError[] {
  const errors: AadeError[] = [];
  const net = invoice.lines.reduce((sum, line) => sum + centsOf(line.netValue), 0);
  const vat = invoice.lines.reduce((sum, line) => sum + centsOf(line.vatAmount), 0);
  if (net !== centsOf(invoice.totalNetValue)) {
    errors.push({
      code: '207',
      message: "The sum of net values of the invoice lines doesn't match with total net value of the invoice",
    });
  }
  if (vat !== centsOf(invoice.totalVatAmount)) {
    errors.push({
      code: '209',
      message:
        "The sum of vat amount of the invoice lines doesn't match with total vat amount of the invoice",
    });
  }
  if (centsOf(invoice.totalGrossValue) !== centsOf(invoice.totalNetValue) + centsOf(invoice.totalVatAmount)) {
    errors.push({ code: '203', message: "Gross Value doesn't match with sum of net value plus taxes" });
  }
  if (invoice.invoiceType === '5.1' && invoice.correlatedInvoices.length === 0) {
    errors.push({ code: '204', message: 'CorrelatedInvoices is mandatory for this invoice type' });
  }
  return errors;
}

export function createSandboxGateway(options: SandboxGatewayOptions): TaxAuthorityGateway {
  const { db } = options;
  const qrBaseUrl = options.qrBaseUrl ?? 'https://sandbox.invalid/TimologioQR/QRInfo';
  const validate = options.validate ?? ((xml: string) => validateMydataXml(xml, 'InvoicesDoc'));

  async function receive(
    invoice: ReceivedInvoice,
    index: number,
    state: SandboxState,
  ): Promise<DocumentOutcome> {
    const refused = (errors: AadeError[], duplicateOfMark: string | null = null): DocumentOutcome => ({
      index,
      status: 'refused',
      statusCode: 'ValidationError',
      errors,
      duplicateOfMark,
    });
    if (state.mode === 'refuse') return refused([{ code: state.refusalCode, message: state.refusalMessage }]);
    const errors = arithmeticErrors(invoice);
    if (errors.length > 0) return refused(errors);
    const uid = mydataUid({
      issuerVat: invoice.issuerVat,
      issueDate: invoice.issueDate,
      branch: invoice.issuerBranch,
      invoiceType: invoice.invoiceType,
      series: invoice.series,
      aa: invoice.aa,
    });
    return db.transaction(async (tx) => {
      // One document per UID at a time, whichever instance receives it.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mydata-sandbox:${uid}`}))`);
      const [held] = await tx
        .select()
        .from(mydataSandboxDocuments)
        .where(and(eq(mydataSandboxDocuments.uid, uid), isNull(mydataSandboxDocuments.supersededByMark)));
      if (held && state.duplicates === 'refuse') {
        return refused(
          [
            {
              code: '228',
              message: `The UID: ${uid} is invalid . It has already been sent for another invoice (MARK:${held.mark} , AUTHENTICATION_CODE:${held.authenticationCode})`,
            },
          ],
          held.mark,
        );
      }
      const mark = await nextMark(tx);
      if (held) {
        await tx
          .update(mydataSandboxDocuments)
          .set({ supersededByMark: mark })
          .where(eq(mydataSandboxDocuments.mark, held.mark));
      }
      const authenticationCode = sandboxAuthenticationCode({
        issuerVat: invoice.issuerVat,
        issueDate: invoice.issueDate,
        branch: invoice.issuerBranch,
        invoiceType: invoice.invoiceType,
        series: invoice.series,
        aa: invoice.aa,
        mark,
        grossValue: invoice.totalGrossValue,
        vatAmount: invoice.totalVatAmount,
        counterpartVat: invoice.counterpartVat ?? '',
      });
      await tx.insert(mydataSandboxDocuments).values({
        mark,
        uid,
        issuerVat: invoice.issuerVat,
        counterpartVat: invoice.counterpartVat ?? '',
        invoiceType: invoice.invoiceType,
        series: invoice.series,
        aa: invoice.aa,
        issueDate: invoice.issueDate,
        totalNetValue: invoice.totalNetValue,
        totalVatAmount: invoice.totalVatAmount,
        totalGrossValue: invoice.totalGrossValue,
        authenticationCode,
        transmissionFailure: invoice.transmissionFailure,
        xml: invoice.xml,
      });
      const qrUrl = `${qrBaseUrl}?q=${Buffer.from(`${mark}|${uid}`).toString('base64url')}`;
      return { index, status: 'accepted', uid, mark, authenticationCode, qrUrl } satisfies DocumentOutcome;
    });
  }

  return {
    name: 'sandbox',
    channel: 'provider',

    async sendInvoices(xml: string): Promise<SendInvoicesResult> {
      const state = await sandboxState(db);
      if (state.mode === 'down') return DOWN;
      const verdict = await validate(xml);
      let documents: DocumentOutcome[];
      if (!verdict.valid) {
        documents = [
          {
            index: null,
            status: 'refused',
            statusCode: 'XMLSyntaxError',
            errors: verdict.errors.map((message) => ({ code: '101', message })),
            duplicateOfMark: null,
          },
        ];
      } else {
        const received = parseInvoicesDoc(xml);
        documents = [];
        // One after another: each is its own transaction on one pool connection.
        for (const [position, invoice] of received.entries()) {
          documents.push(await receive(invoice, position + 1, state));
        }
      }
      return { kind: 'answered', documents, raw: responseDocXml(documents) };
    },

    async cancelInvoice(mark: string): Promise<CancelInvoiceResult> {
      const state = await sandboxState(db);
      if (state.mode === 'down') return DOWN;
      return db.transaction(async (tx) => {
        const [held] = await tx
          .select()
          .from(mydataSandboxDocuments)
          .where(and(eq(mydataSandboxDocuments.mark, mark), isNull(mydataSandboxDocuments.supersededByMark)))
          .for('update');
        if (!held || held.cancellationMark) {
          // AADE's "not found" (104) for a MARK it holds no live document under, cancelled ones included.
          const errors = [{ code: '104', message: 'Requested Invoice was not found' }];
          return {
            kind: 'answered',
            status: 'refused',
            errors,
            raw: responseDocXml([
              {
                index: null,
                status: 'refused',
                statusCode: 'ValidationError',
                errors,
                duplicateOfMark: null,
              },
            ]),
          };
        }
        const cancellationMark = await nextMark(tx);
        await tx
          .update(mydataSandboxDocuments)
          .set({ cancellationMark, cancelledAt: new Date() })
          .where(eq(mydataSandboxDocuments.mark, mark));
        return {
          kind: 'answered',
          status: 'cancelled',
          cancellationMark,
          raw: `<?xml version="1.0" encoding="utf-8"?>\n<ResponseDoc><response><cancellationMark>${cancellationMark}</cancellationMark><statusCode>Success</statusCode></response></ResponseDoc>`,
        };
      });
    },

    async requestTransmittedDocs(query: TransmittedDocsQuery = {}): Promise<TransmittedDocsResult> {
      const state = await sandboxState(db);
      if (state.mode === 'down') return DOWN;
      const conditions: SQL[] = [
        isNull(mydataSandboxDocuments.supersededByMark),
        sql`${mydataSandboxDocuments.mark}::numeric > ${query.mark ?? '0'}::numeric`,
      ];
      if (query.maxMark)
        conditions.push(sql`${mydataSandboxDocuments.mark}::numeric <= ${query.maxMark}::numeric`);
      const from = query.dateFrom ?? query.dateTo;
      const to = query.dateTo ?? query.dateFrom;
      if (from) conditions.push(gte(mydataSandboxDocuments.issueDate, from));
      if (to) conditions.push(lte(mydataSandboxDocuments.issueDate, to));
      if (query.receiverVatNumber)
        conditions.push(eq(mydataSandboxDocuments.counterpartVat, query.receiverVatNumber));
      if (query.invoiceType) conditions.push(eq(mydataSandboxDocuments.invoiceType, query.invoiceType));
      const held = await db
        .select()
        .from(mydataSandboxDocuments)
        .where(and(...conditions))
        .orderBy(asc(mydataSandboxDocuments.mark));
      // What was sent, with what AADE adds in front of it: uid, mark, cancelledByMark, authenticationCode.
      const invoices = held.map((document) =>
        document.xml.replace(
          /^<invoice\b[^>]*>/,
          (open) =>
            `${open}<uid>${document.uid}</uid><mark>${document.mark}</mark>` +
            (document.cancellationMark
              ? `<cancelledByMark>${document.cancellationMark}</cancelledByMark>`
              : '') +
            `<authenticationCode>${escapeXml(document.authenticationCode)}</authenticationCode>`,
        ),
      );
      const cancelled = held
        .filter((document) => document.cancellationMark)
        .map(
          (document) =>
            `<cancelledInvoice><invoiceMark>${document.mark}</invoiceMark><cancellationMark>${document.cancellationMark}</cancellationMark><cancellationDate>${document.cancelledAt!.toISOString().slice(0, 10)}</cancellationDate></cancelledInvoice>`,
        );
      const raw =
        `<?xml version="1.0" encoding="utf-8"?>\n<RequestedDoc xmlns="${INVOICE_NAMESPACE}">` +
        (invoices.length > 0 ? `<invoicesDoc>${invoices.join('')}</invoicesDoc>` : '') +
        (cancelled.length > 0 ? `<cancelledInvoicesDoc>${cancelled.join('')}</cancelledInvoicesDoc>` : '') +
        `</RequestedDoc>`;
      return { kind: 'answered', ...parseRequestedDoc(raw), raw };
    },
  };
}
