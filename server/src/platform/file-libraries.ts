import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';

/**
 * The libraries that write and read files — exceljs (xlsx) and pdfkit (PDF) — loaded on first use
 * rather than at start: together about 36 MB of resident memory and 13 MB of heap that an idle
 * server, or one that never makes a file, does not need (ADR 022). Node caches the module, so only
 * the first call waits.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export async function loadPdfKit(): Promise<typeof PDFDocument> {
  return (await import('pdfkit')).default;
}
