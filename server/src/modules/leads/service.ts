import { randomBytes } from 'node:crypto';
import {
  FEE_PRODUCTS,
  normalizeGreekPhone,
  type ConvertLeadToMerchantRequest,
  type Lead,
  type ListLeadsResponse,
  type Locale,
  type SubmitLead,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, declareUniqueConflict } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { MerchantsService } from '../merchants';
import { leadNotice, leadReceipt } from './emails';
import {
  decideLead,
  findLead,
  findLeads,
  insertLead,
  merchantVatTaken,
  nextMerchantId,
  type LeadRow,
} from './repository';

/** The answer to a merchant lead whose VAT number another merchant has. */
const merchantVatIsTaken = () =>
  new AppError('VALIDATION', 'merchant vat is taken', { fields: [{ field: 'vat', key: 'vatTaken' }] });
// Two leads with one VAT number converted at once: the second gets what it would get a moment later.
declareUniqueConflict('merchants_vat_number_unique', merchantVatIsTaken);

export type LeadsService = ReturnType<typeof createLeadsService>;

/** Who decides a lead: role 1, as the route resolved them. */
export type LeadActor = { userId: string; requestId: string };

function toLead(row: LeadRow): Lead {
  return {
    leadId: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    companyName: row.companyName,
    vat: row.vat,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    size: row.size,
    message: row.message,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    convertedTo: row.convertedTo,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** `LD-20261126-3F9A1C`: the date and six hex digits, what the visitor quotes on the phone. */
function newReference(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `LD-${day}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Leads of the public "become a client / partner merchant" forms (issue 18 §6, ADR 024): stored,
 * then mailed to the sales inbox and acknowledged to the visitor; role 1 lists them, rejects them or
 * turns them into a merchant here (into a company through the companies module's `createCompany`
 * with the lead's id, so the company and the lead's conversion commit together).
 */
export function createLeadsService(deps: {
  db: Db;
  mailer: Mailer;
  merchants: MerchantsService;
  salesInbox: string;
  publicUrl: string;
}) {
  function audit(
    db: Pick<Db, 'insert'>,
    actor: LeadActor,
    action: string,
    before: Lead,
    after: Lead,
  ): Promise<void> {
    return writeAudit(db, {
      actorUserId: actor.userId,
      companyId: null,
      requestId: actor.requestId,
      action,
      entity: 'lead',
      entityId: before.leadId,
      before,
      after,
    });
  }

  return {
    /**
     * Stores a lead and mails it; a form whose honeypot (`website`) is filled is a bot's: it gets a
     * reference like anyone and nothing is kept or sent.
     */
    async submitLead(request: SubmitLead, locale: Locale): Promise<{ reference: string }> {
      const reference = newReference();
      if (request.website.trim() !== '') return { reference };
      const row = await insertLead(deps.db, {
        reference,
        kind: request.kind,
        companyName: request.companyName,
        vat: request.vat,
        contactName: request.contactName,
        email: request.email.toLowerCase(),
        phone: normalizeGreekPhone(request.phone) ?? request.phone,
        size: request.size,
        message: request.message,
        locale,
      });
      const lead = toLead(row);
      // The lead is stored before mailing: a mail failure is logged by the mailer and loses nothing.
      const notice = leadNotice(lead, `${deps.publicUrl}/back-office/leads`);
      await deps.mailer.send({ to: deps.salesInbox, ...notice }).catch(() => undefined);
      await deps.mailer.send({ to: lead.email, ...leadReceipt(lead, locale) }).catch(() => undefined);
      return { reference };
    },

    async listLeads(request: {
      kind?: Lead['kind'] | undefined;
      status?: Lead['status'] | undefined;
      page: number;
      pageSize: number;
    }): Promise<ListLeadsResponse> {
      const { rows, total } = await findLeads(
        deps.db,
        { kind: request.kind, status: request.status },
        { offset: (request.page - 1) * request.pageSize, limit: request.pageSize },
      );
      return { success: true, leads: rows.map(toLead), total };
    },

    /** One lead, or NOT_FOUND. */
    async getLead(leadId: string): Promise<Lead> {
      const row = await findLead(deps.db, leadId);
      if (!row) throw new AppError('NOT_FOUND', `no lead ${leadId}`);
      return toLead(row);
    },

    /** Marks a new lead rejected, audited; CONFLICT when it was decided already. */
    async rejectLead(leadId: string, actor: LeadActor): Promise<Lead> {
      return deps.db.transaction(async (tx) => {
        const before = await findLead(tx, leadId);
        if (!before) throw new AppError('NOT_FOUND', `no lead ${leadId}`);
        const after = await decideLead(tx, leadId, {
          status: 'rejected',
          convertedTo: null,
          decidedBy: actor.userId,
        });
        if (!after) throw new AppError('CONFLICT', `lead ${leadId} is already ${before.status}`);
        await audit(tx, actor, 'lead.reject', toLead(before), toLead(after));
        return toLead(after);
      });
    },

    /**
     * Turns a new merchant lead into a merchant (the merchants module's `createMerchant`, no stores
     * yet: they are added with their terminals later) with the IBAN and fee typed by role 1, and
     * marks the lead converted naming it, in one transaction. A VAT number another merchant has is
     * a field error.
     */
    async convertLeadToMerchant(
      request: Required<ConvertLeadToMerchantRequest>,
      actor: LeadActor,
    ): Promise<Lead> {
      return deps.db.transaction(async (tx) => {
        const before = await findLead(tx, request.leadId);
        if (!before) throw new AppError('NOT_FOUND', `no lead ${request.leadId}`);
        if (before.kind !== 'merchant' || before.status !== 'new') {
          throw new AppError('CONFLICT', `lead ${request.leadId} is not a new merchant lead`);
        }
        if (await merchantVatTaken(tx, before.vat)) throw merchantVatIsTaken();
        const merchantId = await nextMerchantId(tx);
        await deps.merchants.createMerchant(
          {
            merchantId,
            legalName: before.companyName,
            tradeName: before.companyName,
            vatNumber: before.vat,
            iban: request.iban,
            contactName: before.contactName,
            contactEmail: before.email,
            contactPhone: before.phone,
            feePlan: Object.fromEntries(FEE_PRODUCTS.map((product) => [product, request.feeBasisPoints])),
            stores: [],
          },
          tx,
        );
        const after = await decideLead(tx, request.leadId, {
          status: 'converted',
          convertedTo: `merchant:${merchantId}`,
          decidedBy: actor.userId,
        });
        await audit(tx, actor, 'lead.convert', toLead(before), toLead(after!));
        await writeAudit(tx, {
          actorUserId: actor.userId,
          requestId: actor.requestId,
          action: 'merchant.create',
          entity: 'merchant',
          entityId: merchantId,
          before: null,
          after: {
            merchantId,
            legalName: before.companyName,
            vatNumber: before.vat,
            fromLead: before.reference,
          },
        });
        return toLead(after!);
      });
    },
  };
}
