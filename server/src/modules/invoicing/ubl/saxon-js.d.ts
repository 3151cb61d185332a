/**
 * The part of SaxonJS 2 (`saxon-js`, a devDependency: the EN 16931 rules run in tests only) that
 * `en16931.ts` uses; the package ships no types. Documented at saxonica.com (SaxonJS 2, API).
 */
declare module 'saxon-js' {
  type TransformOptions = {
    /** A compiled stylesheet (SEF), already parsed from its JSON. */
    stylesheetInternal: unknown;
    /** The source document as text. */
    sourceText: string;
    /** `raw`: the principal result as a document node, for `XPath.evaluate`. */
    destination: 'raw' | 'serialized';
  };

  type XPathOptions = {
    namespaceContext?: Record<string, string>;
    /** `array`: every item of the result, as a JavaScript array. */
    resultForm?: 'array' | 'iterator' | 'default';
  };

  const SaxonJS: {
    transform(options: TransformOptions, mode: 'async'): Promise<{ principalResult: unknown }>;
    XPath: { evaluate(expression: string, context: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
