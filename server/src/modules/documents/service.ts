import { PassThrough } from 'node:stream';
import type { Locale, OrderDetails, RoleId } from '@tessera/domain';
import type { CompaniesService } from '../companies';
import type { IdentityService } from '../identity';
import type { OrdersService } from '../orders';
import { writeOrderAnalysisExcel } from './analysis-excel';
import type { OrderMailer } from './order-mail';
import { renderProformaPdf } from './proforma';
import type { DocumentCompany } from './types';

export type DocumentsDeps = {
  orders: OrdersService;
  companies: CompaniesService;
  identity: IdentityService;
  mailer: OrderMailer;
};

type Viewer = { userId: string; roleId: RoleId };

/**
 * The documents of an order (SPEC §7 sendProformaDocument, downloadOrderAnalysisExcel): the proforma
 * PDF, downloaded or emailed, and the analysis Excel, streamed a page of lines at a time. Every
 * call is scoped by the company the route resolved (another company's order is "not found").
 */
export function createDocumentsService(deps: DocumentsDeps) {
  async function companyOf(companyId: string): Promise<DocumentCompany> {
    const company = await deps.companies.getCompany(companyId);
    return { companyId, name: company.name, vat: company.vat };
  }

  async function proforma(
    companyId: string,
    orderId: string,
    locale: Locale,
    viewer: Viewer,
  ): Promise<{ order: OrderDetails; pdf: Buffer }> {
    const order = await deps.orders.details(companyId, orderId, viewer);
    const { cards } = await deps.orders.orderCards(companyId, { orderId, page: 1, pageSize: 200 });
    return {
      order,
      pdf: await renderProformaPdf({ order, company: await companyOf(companyId), cards }, locale),
    };
  }

  return {
    proforma,

    /** Emails the proforma to the signed-in user, in their language (else the request's); their address. */
    async sendProforma(
      companyId: string,
      orderId: string,
      viewer: Viewer,
      fallback: Locale,
    ): Promise<string> {
      const [user] = await deps.identity.usersByIds([viewer.userId]);
      const { pdf } = await proforma(companyId, orderId, user?.preferredLanguage ?? fallback, viewer);
      const row = await deps.orders.getOrder(companyId, orderId);
      return deps.mailer.sendProforma(user!, row, pdf);
    },

    /**
     * The analysis Excel of an order as a stream that is written while it is sent; a failure after
     * the first byte ends the stream with the error (`onError` logs it).
     */
    async analysisExcel(
      companyId: string,
      orderId: string,
      locale: Locale,
      viewer: Viewer,
      onError: (error: unknown) => void,
    ): Promise<{ order: OrderDetails; stream: PassThrough }> {
      const order = await deps.orders.details(companyId, orderId, viewer);
      const company = await companyOf(companyId);
      const stream = new PassThrough();
      void writeOrderAnalysisExcel(
        { order, company, cards: deps.orders.allOrderCards(companyId, orderId) },
        locale,
        stream,
      ).catch((error: unknown) => {
        onError(error);
        stream.destroy(error as Error);
      });
      return { order, stream };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
