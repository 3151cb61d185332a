import type { ReactNode } from 'react';

/**
 * A table's rows as a list of cards, for narrow screens (`useIsNarrowScreen`): each card has a
 * title row (what the row is, and beside it its state), then every column as a label and its value,
 * key values first, then the row's actions. Nothing is hidden behind a sideways scroll.
 */
export function RecordList({
  label,
  labelledBy,
  isBusy = false,
  children,
}: {
  /** What the list holds, for screen readers (the table's caption). */
  label?: string;
  labelledBy?: string;
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <ul
      className="tessera-records"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-busy={isBusy || undefined}
    >
      {children}
    </ul>
  );
}

export type RecordField = {
  /** The column's header. */
  label: ReactNode;
  value: ReactNode;
  /** A key value (a total, an amount to type): shown across the card, stronger. */
  isKey?: boolean;
  /** A long value (a masked card number, a name and a date): shown across the card. */
  isWide?: boolean;
};

export function RecordItem({
  title,
  aside,
  fields,
  actions,
  children,
  isActionFirst = false,
  className,
}: {
  /** What the row is: its link or button, its name. */
  title: ReactNode;
  /** Beside the title: the row's state (a status badge). */
  aside?: ReactNode;
  fields: readonly (RecordField | null | false)[];
  actions?: ReactNode;
  /** Anything the row says beyond its columns (its problems), under them. */
  children?: ReactNode;
  /**
   * What the row says and its actions before its columns: for rows whose columns are many and
   * secondary (a file's cells), so that they never push the problems and the buttons away.
   */
  isActionFirst?: boolean;
  className?: string;
}) {
  const shown = fields.filter((field): field is RecordField => Boolean(field));
  const extra = (
    <>
      {children}
      {actions ? <div className="tessera-record__actions">{actions}</div> : null}
    </>
  );
  return (
    <li className={className ? `tessera-record ${className}` : 'tessera-record'}>
      <div className="tessera-record__head">
        <div className="tessera-record__title">{title}</div>
        {aside ? <div className="tessera-record__aside">{aside}</div> : null}
      </div>
      {isActionFirst ? extra : null}
      {shown.length > 0 ? (
        <dl className="tessera-record__fields">
          {shown.map((field, index) => (
            <div
              key={index}
              className={
                field.isKey
                  ? 'tessera-record__field--key'
                  : field.isWide
                    ? 'tessera-record__field--wide'
                    : undefined
              }
            >
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {isActionFirst ? null : extra}
    </li>
  );
}
