import { inflateSync } from 'node:zlib';

/**
 * Reads the text of the PDFs pdfkit writes, for tests (the documents test and the e2e proforma
 * journey): no PDF library is needed to check that Greek really is in the file.
 */

type PdfObject = { dict: string; stream: Buffer | null };

/** The objects of an uncrypted PDF as pdfkit writes them, streams inflated. */
function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  const header = /(\d+) 0 obj\n/g;
  for (let match = header.exec(raw); match; match = header.exec(raw)) {
    const start = match.index + match[0].length;
    const streamAt = raw.indexOf('stream\n', start);
    const endAt = raw.indexOf('endobj', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = raw.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const data = pdf.subarray(streamAt + 7, streamAt + 7 + length);
      objects.set(match[1]!, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(data) : data });
      header.lastIndex = streamAt + 7 + length;
    } else {
      objects.set(match[1]!, { dict: raw.slice(start, endAt), stream: null });
      header.lastIndex = endAt;
    }
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (`bfrange` with arrays) → glyph id to text. */
function parseCmap(cmap: string): Map<number, string> {
  const glyphs = new Map<number, string>();
  for (const [, start, entries] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
    [...entries!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((entry, offset) => {
      const units = entry[1]!.replace(/ /g, '').match(/.{4}/g) ?? [];
      glyphs.set(
        parseInt(start!, 16) + offset,
        String.fromCharCode(...units.map((unit) => parseInt(unit, 16))),
      );
    });
  }
  return glyphs;
}

/**
 * The text of a PDF, one fragment (BT…ET) a line: pdfkit writes glyph ids, so each is mapped back
 * through its font's ToUnicode CMap, as a reader's copy-paste or a screen reader would.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  const cmapOfFont = new Map<string, Map<number, string>>();
  for (const [id, object] of objects) {
    const toUnicode = /\/Subtype \/Type0[\s\S]*\/ToUnicode (\d+) 0 R/.exec(object.dict)?.[1];
    const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
    if (cmap) cmapOfFont.set(id, parseCmap(cmap.toString('latin1')));
  }
  const fontOfResource = new Map<string, string>();
  for (const object of objects.values()) {
    for (const [, name, id] of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontOfResource.set(name!, id!);
  }
  const fragments: string[] = [];
  for (const object of objects.values()) {
    const content = object.stream?.toString('latin1');
    if (!content || !/\bBT\b/.test(content) || object.dict.includes('/Length1')) continue;
    let cmap = new Map<number, string>();
    let fragment = '';
    for (const [op, font, array, single] of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]+)> Tj|\bET\b/gi,
    )) {
      if (font) cmap = cmapOfFont.get(fontOfResource.get(font) ?? '') ?? new Map();
      else if (op === 'ET') {
        fragments.push(fragment);
        fragment = '';
      } else {
        const hex = array ? [...array.matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1]).join('') : single!;
        for (const code of hex.match(/.{4}/g) ?? []) fragment += cmap.get(parseInt(code, 16)) ?? '\ufffd';
      }
    }
  }
  return fragments.join('\n');
}

/** A string of the PDF's info dictionary (`Title`, `Author`…), UTF-16 decoded when it is. */
export function pdfInfo(pdf: Buffer, key: string): string {
  const objects = pdfObjects(pdf);
  const info = [...objects.values()].find((object) => object.dict.includes('/Producer'))!;
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(info.dict)?.[1];
  const literal = /^\(([\s\S]*)\)\s*$/.exec(objects.get(ref!)!.dict)![1]!;
  if (!literal.startsWith('\xfe\xff')) return literal;
  return Buffer.from(literal.slice(2), 'latin1').swap16().toString('utf16le');
}

/** An image of a PDF as pdfkit embeds it: its size, colour space and inflated samples. */
export type PdfImage = {
  width: number;
  height: number;
  colorSpace: string;
  samples: Buffer;
  hasMask: boolean;
};

/**
 * The raster images of a PDF (not their soft masks), for tests that read what was drawn (a QR
 * code). pdfkit writes a PNG with an alpha channel as 8-bit samples, FlateDecode without a
 * predictor, and its alpha as a separate `/SMask` image.
 */
export function pdfImages(pdf: Buffer): PdfImage[] {
  const objects = pdfObjects(pdf);
  const masks = new Set<string>();
  for (const object of objects.values()) {
    const mask = /\/SMask (\d+) 0 R/.exec(object.dict)?.[1];
    if (mask) masks.add(mask);
  }
  const images: PdfImage[] = [];
  for (const [id, object] of objects) {
    if (!/\/Subtype \/Image/.test(object.dict) || masks.has(id) || !object.stream) continue;
    images.push({
      width: Number(/\/Width (\d+)/.exec(object.dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(object.dict)?.[1]),
      colorSpace: /\/ColorSpace \/(\w+)/.exec(object.dict)?.[1] ?? '',
      samples: object.stream,
      hasMask: /\/SMask \d+ 0 R/.test(object.dict),
    });
  }
  return images;
}
