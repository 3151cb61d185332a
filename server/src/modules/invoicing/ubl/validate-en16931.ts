import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import SaxonJS from 'saxon-js';
import { serverPath } from '../../../platform/paths';

/**
 * The European Commission's EN 16931 validation artefacts for the UBL syntax (ADR 060): the
 * business rules of the norm (BR-…, BR-CO-…, the VAT category rules BR-S-…, BR-E-…), its code
 * lists (BR-CL-…) and the UBL binding's own checks (UBL-CR-…, UBL-SR-…, UBL-DT-…), as the
 * Schematron the Commission publishes compiled to XSLT 2.0 (`en16931/`, see its README), run by a
 * real XSLT engine: SaxonJS 2 on the compiled stylesheet (SEF) vendored beside it.
 *
 * Test tooling: `saxon-js` is a devDependency, so no module of the app imports this file (the
 * UBL builder and its XSD check are in `ubl-document.ts` and `xsd.ts`).
 */

export const EN16931_FOLDER = serverPath('src/modules/invoicing/ubl/en16931');
/** The release of the rules vendored in `en16931/` (ConnectingEurope/eInvoicing-EN16931). */
export const EN16931_RULES_VERSION = '1.3.16';

/** One rule the document broke: its id (`BR-CO-15`), `fatal` or `warning`, its text, and where. */
export type RuleFailure = { id: string; flag: 'fatal' | 'warning'; text: string; location: string };

export type En16931Verdict = { fatal: RuleFailure[]; warnings: RuleFailure[] };

const SVRL = 'http://purl.oclc.org/dsdl/svrl';

let stylesheet: Promise<unknown> | undefined;

function loadStylesheet(): Promise<unknown> {
  stylesheet ??= readFile(path.join(EN16931_FOLDER, 'EN16931-UBL-validation.sef.json.gz')).then(
    (bytes) => JSON.parse(gunzipSync(bytes).toString('utf8')) as unknown,
  );
  return stylesheet;
}

/**
 * Runs the EN 16931 rules on a UBL `Invoice` or `CreditNote` and answers every assertion it failed
 * (and every report it raised), split by flag: `fatal` ones make the document non-compliant;
 * `warning` ones do not. A rule without a flag counts as fatal (Schematron's default).
 */
export async function validateEn16931(xml: string): Promise<En16931Verdict> {
  const result = await SaxonJS.transform(
    { stylesheetInternal: await loadStylesheet(), sourceText: xml, destination: 'raw' },
    'async',
  );
  const failures = SaxonJS.XPath.evaluate(
    `for $f in descendant-or-self::*[self::svrl:failed-assert or self::svrl:successful-report]
       return map {
         'id': string($f/@id),
         'flag': if ($f/@flag = 'warning') then 'warning' else 'fatal',
         'text': normalize-space(string-join($f/svrl:text, ' ')),
         'location': string($f/@location)
       }`,
    result.principalResult,
    { namespaceContext: { svrl: SVRL }, resultForm: 'array' },
  ) as RuleFailure[];
  return {
    fatal: failures.filter((failure) => failure.flag === 'fatal'),
    warnings: failures.filter((failure) => failure.flag === 'warning'),
  };
}

/** A failure as one line, for a test's message: `BR-CO-15 [BR-CO-15]-Invoice total amount… at /…`. */
export function describeFailure(failure: RuleFailure): string {
  return `${failure.id} ${failure.text} (at ${failure.location})`;
}
