import { TextInput, type TextInputProps } from '@mantine/core';
import { parseAmount, stripLeadingWhitespace } from '@tessera/domain';
import { eurosText } from '../model';

/**
 * An amount in euros as Greeks write it (`1.234,56`, `8,5`): kept as typed, written out in full
 * (`8,50`) when the field is left; the rule's check says what is wrong with it.
 */
export function EurosInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (text: string) => void }) {
  return (
    <TextInput
      {...props}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      rightSection={<span aria-hidden="true">€</span>}
      onChange={(event) => onChange(stripLeadingWhitespace(event.currentTarget.value))}
      onBlur={() => {
        const cents = parseAmount(value);
        if (cents !== null && eurosText(cents) !== value) onChange(eurosText(cents));
      }}
    />
  );
}
