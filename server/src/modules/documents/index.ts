/**
 * Documents of orders: the proforma PDF, the analysis Excel and the emails of the order timeline
 * (SPEC §7 sendProformaDocument, downloadOrderAnalysisExcel; ADR 010). The public face of the
 * module: other modules import only from here.
 */
export { documentsRoutes } from './routes';
export { createDocumentsService, type DocumentsService } from './service';
export { createOrderMailer, type OrderMailer } from './order-mail';
export { ORDER_EMAIL_KINDS, ORDER_EMAIL_PLACEHOLDERS, renderOrderEmail } from './order-emails';
export { ORDER_EMAIL_COMMON_PLACEHOLDERS, type OrderEmailKind } from './order-emails';
export { PROVIDER } from './provider';
export { PROFORMA_FONTS } from './proforma';
