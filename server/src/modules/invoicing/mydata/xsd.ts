import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { serverPath } from '../../../platform/paths';

/**
 * Validation of myDATA XML against AADE's published schemas (`xsd/`, see its README): the documents
 * the portal builds, before they are sent (a document the schema refuses is a defect, not something
 * to retry), and what the sandbox AADE receives. libxml2's validator compiled to WebAssembly
 * (`xmllint-wasm`, no native build, no install script), run in a worker thread per call.
 */

/** The myDATA version whose schemas are in `xsd/` (ADR 057). */
export const MYDATA_XSD_VERSION = '2.0.1';
export const MYDATA_XSD_FOLDER = serverPath('src/modules/invoicing/mydata/xsd');

/** Each root element and the schema file that defines it. */
const ROOT_SCHEMAS = {
  InvoicesDoc: `InvoicesDoc-v${MYDATA_XSD_VERSION}.xsd`,
  ResponseDoc: `response-v${MYDATA_XSD_VERSION}.xsd`,
  RequestedDoc: `requestedInvoicesDoc-v${MYDATA_XSD_VERSION}.xsd`,
} as const;
export type MydataRoot = keyof typeof ROOT_SCHEMAS;

/** Every schema file the roots include or import (xmllint finds them in its in-memory folder). */
const SCHEMA_FILES = [
  'InvoicesDoc',
  'SimpleTypes',
  'TransportTypes',
  'incomeClassification',
  'expensesClassification',
  'paymentMethods',
  'requestedInvoicesDoc',
  'response',
].map((name) => `${name}-v${MYDATA_XSD_VERSION}.xsd`);

let schemas: Promise<{ fileName: string; contents: string }[]> | undefined;

function loadSchemas() {
  schemas ??= Promise.all(
    SCHEMA_FILES.map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(MYDATA_XSD_FOLDER, fileName), 'utf8'),
    })),
  );
  return schemas;
}

export type XsdVerdict = { valid: true } | { valid: false; errors: string[] };

/**
 * Whether `xml` is a valid myDATA `root` document. A text that is not even well-formed XML is
 * invalid too (xmllint's parse error), never a thrown error.
 */
export async function validateMydataXml(xml: string, root: MydataRoot = 'InvoicesDoc'): Promise<XsdVerdict> {
  const files = await loadSchemas();
  const main = files.find((file) => file.fileName === ROOT_SCHEMAS[root])!;
  try {
    const result = await validateXML({
      xml: [{ fileName: 'document.xml', contents: xml }],
      schema: [main],
      preload: files.filter((file) => file !== main),
    });
    return result.valid
      ? { valid: true }
      : { valid: false, errors: result.errors.map((error) => error.message) };
  } catch (error) {
    // xmllint ends with another status than "valid" or "invalid" when the text is not XML at all.
    if (typeof (error as { code?: unknown }).code === 'number') {
      return { valid: false, errors: [String((error as Error).message).trim() || 'not well-formed XML'] };
    }
    throw error;
  }
}
