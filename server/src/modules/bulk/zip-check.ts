import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * The checks an `.xlsx` passes before anything unzips it (ARCHITECTURE §7: uploads checked before
 * unzipping; ADR 011). An `.xlsx` is a zip: its central directory, at the end of the file, lists
 * every entry with its sizes. We read that directory ourselves (no library: it is a few fixed
 * records) and refuse the file when it is not a zip, names more entries than a workbook has, or
 * declares more uncompressed bytes than we accept — a zip bomb declares them, or lies about them,
 * which `verifyZipEntries` catches by inflating each entry no further than its declared size.
 */

export type ZipProblemReason = 'notZip' | 'corrupt' | 'notXlsx' | 'tooBig';

/** Why a zip is refused; `params` feed the user's message. */
export class ZipProblem extends Error {
  constructor(
    readonly reason: ZipProblemReason,
    message: string,
    readonly params: Record<string, number> = {},
  ) {
    super(message);
    this.name = 'ZipProblem';
  }
}

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's data starts and ends (after its local header). */
  dataStart: number;
  dataEnd: number;
};

export type ZipLimits = {
  /** Most entries a workbook may hold (an `.xlsx` has a dozen or so; thousands is an attack). */
  maxEntries: number;
  /** Most bytes all entries may expand to, together. */
  maxUncompressedBytes: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1_000, maxUncompressedBytes: 400 * 1024 * 1024 };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** A data descriptor after an entry: optional signature, crc, two sizes (4 or 8 bytes each). */
const MAX_DESCRIPTOR = 24;

/** True when the bytes start like a zip (a local file header): the magic of every `.xlsx`. */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_HEADER;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ZipProblem('tooBig', 'a size beyond any file', { max: 0 });
  }
  return Number(value);
}

function corrupt(message: string): never {
  throw new ZipProblem('corrupt', message);
}

type Directory = { entries: number; size: number; offset: number; end: number };

/** Finds the end-of-central-directory record (and its ZIP64 form when the sizes overflow). */
function findDirectory(bytes: Buffer): Directory {
  const earliest = Math.max(0, bytes.length - (22 + MAX16));
  let position = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (
      bytes.readUInt32LE(at) === END_OF_DIRECTORY &&
      at + 22 + bytes.readUInt16LE(at + 20) === bytes.length
    ) {
      position = at;
      break;
    }
  }
  if (position < 0) throw new ZipProblem('notZip', 'no end of central directory');
  const disk = bytes.readUInt16LE(position + 4);
  const directoryDisk = bytes.readUInt16LE(position + 6);
  let entries = bytes.readUInt16LE(position + 10);
  let size = bytes.readUInt32LE(position + 12);
  let offset = bytes.readUInt32LE(position + 16);
  if (disk !== 0 || directoryDisk !== 0) corrupt('multi-disk archive');
  if (entries === MAX16 || size === MAX32 || offset === MAX32) {
    const locator = position - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) corrupt('ZIP64 locator missing');
    const recordAt = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (recordAt + 56 > locator || bytes.readUInt32LE(recordAt) !== ZIP64_END)
      corrupt('ZIP64 record missing');
    entries = safeNumber(bytes.readBigUInt64LE(recordAt + 32));
    size = safeNumber(bytes.readBigUInt64LE(recordAt + 40));
    offset = safeNumber(bytes.readBigUInt64LE(recordAt + 48));
    return { entries, size, offset, end: recordAt };
  }
  return { entries, size, offset, end: position };
}

/**
 * Reads the central directory of a zip held in memory and checks it against `limits` before
 * anything is inflated: the number of entries (from the end record, before reading them), the
 * total declared uncompressed size, and that every entry's local header agrees with its directory
 * record and that the entries follow each other with nothing hidden between them (a sequential
 * reader such as exceljs's sees exactly these entries). Throws a `ZipProblem`.
 */
export function readZipDirectory(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  if (!looksLikeZip(bytes)) throw new ZipProblem('notZip', 'no local file header at the start');
  const directory = findDirectory(bytes);
  if (directory.entries > limits.maxEntries) {
    throw new ZipProblem('tooBig', `${directory.entries} entries`, { entries: directory.entries });
  }
  if (directory.offset + directory.size > directory.end) corrupt('central directory out of bounds');

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directory.offset;
  for (let index = 0; index < directory.entries; index += 1) {
    if (at + 46 > directory.offset + directory.size || bytes.readUInt32LE(at) !== CENTRAL_HEADER) {
      corrupt(`central directory record ${index} missing`);
    }
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    let localHeaderOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    // ZIP64 extra field: the 64-bit values of those fields the record set to 0xFFFFFFFF, in order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = bytes.readUInt16LE(extra);
      const length = bytes.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          if (field + 8 > extra + 4 + length) corrupt(`short ZIP64 field in ${name}`);
          const value = safeNumber(bytes.readBigUInt64LE(field));
          field += 8;
          return value;
        };
        if (uncompressedSize === MAX32) uncompressedSize = next();
        if (compressedSize === MAX32) compressedSize = next();
        if (localHeaderOffset === MAX32) localHeaderOffset = next();
      }
      extra += 4 + length;
    }
    if (flags & 0x1) corrupt(`${name} is encrypted`);
    if (method !== 0 && method !== 8) corrupt(`${name} uses compression method ${method}`);
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw new ZipProblem('tooBig', `expands to more than ${limits.maxUncompressedBytes} bytes`, {
        max: Math.round(limits.maxUncompressedBytes / 1024 / 1024),
      });
    }
    if (method === 0 && compressedSize !== uncompressedSize) corrupt(`${name} stored with two sizes`);
    if (localHeaderOffset + 30 > directory.offset || bytes.readUInt32LE(localHeaderOffset) !== LOCAL_HEADER) {
      corrupt(`local header of ${name} missing`);
    }
    const localNameLength = bytes.readUInt16LE(localHeaderOffset + 26);
    const localExtraLength = bytes.readUInt16LE(localHeaderOffset + 28);
    const localName = bytes.toString(
      'utf8',
      localHeaderOffset + 30,
      localHeaderOffset + 30 + localNameLength,
    );
    if (localName !== name) corrupt(`local header of ${name} names ${localName}`);
    if (bytes.readUInt16LE(localHeaderOffset + 8) !== method) corrupt(`${name}: two compression methods`);
    const dataStart = localHeaderOffset + 30 + localNameLength + localExtraLength;
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directory.offset) corrupt(`${name} runs into the central directory`);
    entries.push({
      name,
      method,
      flags,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      dataStart,
      dataEnd,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }

  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let expected = 0;
  for (const entry of ordered) {
    const gap = entry.localHeaderOffset - expected;
    if (gap < 0) corrupt(`${entry.name} overlaps the entry before it`);
    // Only a data descriptor may sit between two entries (and nothing before the first).
    if (gap > (expected === 0 ? 0 : MAX_DESCRIPTOR)) corrupt(`${gap} unlisted bytes before ${entry.name}`);
    expected = entry.dataEnd + (entry.flags & 0x8 ? 12 : 0);
  }
  if (directory.offset - expected > MAX_DESCRIPTOR || directory.offset < expected) {
    corrupt('unlisted bytes before the central directory');
  }
  return entries;
}

/**
 * An `.xlsx`'s directory: a zip (see `readZipDirectory`) that holds a workbook. Throws a
 * `ZipProblem` (`notXlsx` for a zip that is no workbook, such as a renamed `.docx`).
 */
export function checkXlsxDirectory(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  const entries = readZipDirectory(bytes, limits);
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new ZipProblem('notXlsx', 'no workbook in the zip');
  }
  return entries;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const ROW_OPEN = Buffer.from('<row');
const PREFIXED_ROW_OPEN = Buffer.from(':row');

/**
 * `<row` (or `<x:row`) elements in `buffer`, found natively (a 100,000-row sheet is ~50 MB of XML),
 * leaving out those that end by `countedUpTo` (seen in the buffer before) and those cut off at its
 * end (seen with the next one).
 */
function countRowTags(buffer: Buffer, countedUpTo: number): number {
  let count = 0;
  for (const tag of [ROW_OPEN, PREFIXED_ROW_OPEN]) {
    for (let at = buffer.indexOf(tag); at >= 0; at = buffer.indexOf(tag, at + tag.length)) {
      const end = at + tag.length + 1;
      if (end > buffer.length || end <= countedUpTo) continue;
      const next = buffer[end - 1];
      // `<row ` or `<row>`, not `<rowBreaks`; a prefixed tag opens with `<` after the last `>`.
      if (
        next !== 0x20 &&
        next !== 0x3e &&
        next !== 0x2f &&
        next !== 0x09 &&
        next !== 0x0a &&
        next !== 0x0d
      ) {
        continue;
      }
      if (tag === PREFIXED_ROW_OPEN && buffer.lastIndexOf(0x3c, at) < buffer.lastIndexOf(0x3e, at)) continue;
      count += 1;
    }
  }
  return count;
}

/**
 * Inflates every entry, without keeping what it yields, to prove the directory told the truth: an
 * entry that yields more than its declared size is stopped there (and the file refused as a zip
 * bomb), one that yields less or is not valid deflate data is corrupt. Memory stays at zlib's
 * window whatever the file claims. Returns the number of `<row>` elements of each worksheet
 * (`sheet1` → 10,001): the progress bar's total before a row is read.
 */
export async function verifyZipEntries(
  bytes: Buffer,
  entries: readonly ZipEntry[],
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, number>> {
  const rows = new Map<string, number>();
  for (const entry of entries) {
    const sheet = WORKSHEET.exec(entry.name)?.[1];
    const data = bytes.subarray(entry.dataStart, entry.dataEnd);
    let produced = 0;
    let count = 0;
    let carry: Buffer = Buffer.alloc(0);
    const inspect = (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize) {
        throw new ZipProblem('tooBig', `${entry.name} yields more than it declares`, {
          max: Math.round(limits.maxUncompressedBytes / 1024 / 1024),
        });
      }
      if (sheet === undefined) return;
      // A tag cut between two chunks: the tail of the last one is searched again with this one.
      const joined = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      count += countRowTags(joined, carry.length);
      carry = Buffer.from(joined.subarray(Math.max(0, joined.length - 32)));
    };
    if (entry.method === 0) {
      inspect(data);
    } else {
      const inflate = createInflateRaw();
      try {
        for await (const chunk of Readable.from([data]).pipe(inflate)) inspect(chunk as Buffer);
      } catch (error) {
        inflate.destroy();
        if (error instanceof ZipProblem) throw error;
        corrupt(`${entry.name} is not valid deflate data`);
      }
    }
    if (produced !== entry.uncompressedSize)
      corrupt(`${entry.name} yields ${produced} of ${entry.uncompressedSize}`);
    if (sheet !== undefined) rows.set(`sheet${sheet}`, count);
  }
  return rows;
}

/** The parts a streaming reader needs before any worksheet, in this order (Excel's own). */
const WORKBOOK_PARTS = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

/**
 * The same `.xlsx` with the workbook's parts moved before its worksheets, as a byte stream for a
 * sequential reader: the entries (local header, data, descriptor) copied as they are, in the new
 * order, then the original central directory (a sequential reader stops there and never follows
 * its offsets). exceljs's streaming reader meets a worksheet before the shared strings in files
 * some writers make (exceljs's own among them); it then parks the sheet in a temporary file and
 * reads it after — slower, and on rare runs it read the shared strings of such a parked sheet as
 * `[object Object]`. With this order every sheet streams straight through. Call after
 * `checkXlsxDirectory` (the entries are known to be contiguous).
 */
export function workbookPartsFirst(bytes: Buffer, entries: readonly ZipEntry[]): Buffer {
  const directory = findDirectory(bytes);
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const ranges = ordered.map((entry, index) => ({
    name: entry.name,
    start: entry.localHeaderOffset,
    end: ordered[index + 1]?.localHeaderOffset ?? directory.offset,
  }));
  const rank = (name: string) => {
    const known = WORKBOOK_PARTS.indexOf(name);
    if (known >= 0) return known;
    return WORKSHEET.test(name) ? WORKBOOK_PARTS.length + 1 : WORKBOOK_PARTS.length;
  };
  // A stable sort: parts of the same rank keep their order in the file.
  const sorted = ranges
    .map((range, position) => ({ range, position }))
    .sort((a, b) => rank(a.range.name) - rank(b.range.name) || a.position - b.position)
    .map(({ range }) => bytes.subarray(range.start, range.end));
  return Buffer.concat([...sorted, bytes.subarray(directory.offset)]);
}
