import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { serverPath } from '../../../platform/paths';

/**
 * Validation of UBL documents against OASIS UBL 2.1's own schemas (`xsd/`, see its README): the
 * `Invoice` and `CreditNote` main documents and the common modules they import, kept in their
 * release's `maindoc/` and `common/` folders so that the schemas' relative imports resolve as
 * shipped. libxml2's validator compiled to WebAssembly (`xmllint-wasm`), as for myDATA's schemas.
 * The EN 16931 rules on top of the syntax are `validate-en16931.ts`'s.
 */

export const UBL_XSD_FOLDER = serverPath('src/modules/invoicing/ubl/xsd');
export const UBL_VERSION = '2.1';

export type UblRoot = 'Invoice' | 'CreditNote';

const MAIN_SCHEMAS: Record<UblRoot, string> = {
  Invoice: 'maindoc/UBL-Invoice-2.1.xsd',
  CreditNote: 'maindoc/UBL-CreditNote-2.1.xsd',
};

/** Every common module the two main documents import, directly or through each other. */
const COMMON_SCHEMAS = [
  'CCTS_CCT_SchemaModule-2.1.xsd',
  'UBL-CommonAggregateComponents-2.1.xsd',
  'UBL-CommonBasicComponents-2.1.xsd',
  'UBL-CommonExtensionComponents-2.1.xsd',
  'UBL-CommonSignatureComponents-2.1.xsd',
  'UBL-ExtensionContentDataType-2.1.xsd',
  'UBL-QualifiedDataTypes-2.1.xsd',
  'UBL-SignatureAggregateComponents-2.1.xsd',
  'UBL-SignatureBasicComponents-2.1.xsd',
  'UBL-UnqualifiedDataTypes-2.1.xsd',
  'UBL-XAdESv132-2.1.xsd',
  'UBL-XAdESv141-2.1.xsd',
  'UBL-xmldsig-core-schema-2.1.xsd',
].map((name) => `common/${name}`);

let schemas: Promise<{ fileName: string; contents: string }[]> | undefined;

function loadSchemas() {
  schemas ??= Promise.all(
    [...Object.values(MAIN_SCHEMAS), ...COMMON_SCHEMAS].map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(UBL_XSD_FOLDER, fileName), 'utf8'),
    })),
  );
  return schemas;
}

export type UblXsdVerdict = { valid: true } | { valid: false; errors: string[] };

/** The main document `xml` claims to be, from its root element; null when it is neither. */
export function ublRootOf(xml: string): UblRoot | null {
  const match = /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote)[\s>]/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  return match ? (match[1] as UblRoot) : null;
}

/**
 * Whether `xml` is a valid UBL 2.1 `Invoice` or `CreditNote` (by its root element). Text that is
 * not well-formed XML, or another document, is invalid, never a thrown error.
 */
export async function validateUblXsd(xml: string): Promise<UblXsdVerdict> {
  const root = ublRootOf(xml);
  if (!root) return { valid: false, errors: ['the root element is neither a UBL Invoice nor a CreditNote'] };
  const files = await loadSchemas();
  const main = files.find((file) => file.fileName === MAIN_SCHEMAS[root])!;
  try {
    const result = await validateXML({
      xml: [{ fileName: 'document.xml', contents: xml }],
      schema: [main],
      preload: files.filter((file) => file !== main),
      // The common aggregate components alone are 2.4 MB of schema: more than the default 32 MiB.
      maxMemoryPages: 4_096,
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
