import { AppError } from './errors';

/**
 * The public API's page cursors (ADR 037): the position a page ended at, as text, in base64url, so
 * a caller passes it back without reading it. A cursor that is not one of ours is a 400 naming
 * `cursor`.
 */
export function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

/** The position `cursor` carries, when `pattern` accepts it; null without a cursor. */
export function decodeCursor(cursor: string | undefined, pattern: RegExp): string | null {
  if (cursor === undefined) return null;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!pattern.test(position)) {
    throw new AppError('VALIDATION', 'malformed cursor', {
      fields: [{ field: 'cursor', key: 'invalidValue' }],
    });
  }
  return position;
}
