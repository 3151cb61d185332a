import { TextInput } from '@mantine/core';
import { stripLeadingWhitespace } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { eurosText, parseEurosText, type Problem } from '../model';

type Props = {
  label: string;
  /** Shown to screen readers only (a table cell's input). */
  isLabelHidden?: boolean;
  description?: string;
  cents: number;
  onChange: (cents: number) => void;
  /** The draft's problem with the amount (outside the limits), shown once the user tried to go on. */
  problem?: Problem | null;
  name?: string;
};

/**
 * An amount in euros as Greeks write it (`1.234,56`). What is typed stays as typed; each readable
 * amount goes to the draft at once (outside the limits too: the draft's checks say so). Something
 * that is no amount is said when the field is left.
 */
export function AmountInput({
  label,
  isLabelHidden = false,
  description,
  cents,
  onChange,
  problem,
  name,
}: Props) {
  const intl = useIntl();
  const [text, setText] = useState(() => eurosText(cents));
  const [shownCents, setShownCents] = useState(cents);
  const [typingProblem, setTypingProblem] = useState<Problem | null>(null);
  const [isBlurred, setIsBlurred] = useState(false);

  // The amount changed elsewhere (the bulk amount, a reload): show it unless it is what is typed.
  if (cents !== shownCents) {
    setShownCents(cents);
    const typed = parseEurosText(text);
    if (!('cents' in typed) || typed.cents !== cents) {
      setText(eurosText(cents));
      setTypingProblem(null);
    }
  }

  const shown = (isBlurred ? typingProblem : null) ?? problem ?? null;
  return (
    <TextInput
      label={isLabelHidden ? undefined : label}
      aria-label={isLabelHidden ? label : undefined}
      description={description}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      rightSection={<span aria-hidden="true">€</span>}
      error={shown ? intl.formatMessage({ id: shown.id }, shown.values) : undefined}
      onChange={(event) => {
        const value = stripLeadingWhitespace(event.currentTarget.value);
        setText(value);
        setIsBlurred(false);
        const parsed = parseEurosText(value);
        if ('cents' in parsed) {
          setTypingProblem(null);
          setShownCents(parsed.cents);
          if (parsed.cents !== cents) onChange(parsed.cents);
        } else {
          setTypingProblem(parsed.problem);
        }
      }}
      onBlur={() => {
        setIsBlurred(true);
        const parsed = parseEurosText(text);
        if ('cents' in parsed) setText(eurosText(parsed.cents));
      }}
    />
  );
}
