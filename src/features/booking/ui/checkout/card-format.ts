/**
 * Formatting for the demo card form as the visitor types or pastes. Only the
 * look of the fields changes: what is sent to the server is the digits (see `cardDigits`).
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Up to 19 digits in groups of 4: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(raw: string): string {
  return (
    digitsOf(raw)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** The card number as the provider receives it: digits only. */
export function cardDigits(text: string): string {
  return digitsOf(text);
}

/**
 * 'MM / YY' with the slash added for the visitor. A first digit above 1 is a month on its own
 * ('4' → '04 / '); a month above 12 (or 00) is refused, the second digit is dropped. While
 * deleting, the slash is not put back, so Backspace can go through it.
 */
export function formatExpiry(raw: string, { deleting = false }: { deleting?: boolean } = {}): string {
  let digits = digitsOf(raw).slice(0, 4);
  if (digits.length > 0 && Number(digits[0]) > 1) digits = `0${digits}`.slice(0, 4);
  if (digits.length >= 2) {
    const month = Number(digits.slice(0, 2));
    if (month < 1 || month > 12) digits = digits.slice(0, 1);
  }
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** 3 or 4 digits, nothing else. */
export function formatCvc(raw: string): string {
  return digitsOf(raw).slice(0, 4);
}

/**
 * Where the caret goes after reformatting: after the same number of digits as before it in what
 * was typed, so typing or deleting in the middle does not throw the caret to the end.
 */
export function caretAfterFormat(typed: string, caret: number, formatted: string): number {
  const digitsBefore = digitsOf(typed.slice(0, caret)).length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digitsBefore) {
      // Past a separator that follows right away when the caret was at the end of what was typed.
      let position = index + 1;
      if (caret >= typed.length) while (position < formatted.length && !/\d/.test(formatted[position]!)) position += 1;
      return position;
    }
  }
  return formatted.length;
}
