/**
 * Bulk loads and orders by Excel file: upload, preview, fix, convert to drafts (ADR 011). The public face of the
 * module: other modules import only from here.
 */
export { bulkRoutes } from './routes';
export { type BulkService, createBulkService } from './service';
// The public API's JSON bulk load judged by the Excel rows' rules (issue 22 §2, ADR 037).
export { draftGroupsOf, judgeJsonLines, type GoodLine, type JsonLine } from './judge-lines';
