import { z } from 'zod';

/**
 * The demo provider's card form. Only the card number reaches the server, which
 * decides: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. The other fields are
 * checked like a real form would so the demo behaves like one.
 */
export const DEMO_CARD_SUCCEEDS = '4242 4242 4242 4242';
export const DEMO_CARD_DECLINED = '4000 0000 0000 0002';

function expiryIsPast(text: string, now: Date): boolean {
  const [month, year] = text.split('/').map((part) => Number(part.trim()));
  // Valid through the last day of the month printed on the card.
  return new Date(2000 + year!, month!, 1) <= new Date(now.getFullYear(), now.getMonth(), 1);
}

export function demoCardSchema(now = new Date()) {
  return z.object({
    cardNumber: z
      .string()
      .trim()
      .refine((value) => /^[\d -]+$/.test(value) && /^\d{13,19}$/.test(value.replace(/[ -]/g, '')), 'Please enter a valid card number'),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Please enter the expiry date as MM/YY')
      .refine((value) => !expiryIsPast(value, now), 'This card has expired'),
    cvc: z.string().trim().regex(/^\d{3,4}$/, 'Please enter the 3 or 4 digit CVC'),
    nameOnCard: z.string().trim().min(2, 'Please enter the name on the card').max(100, 'Please enter the name on the card'),
  });
}
export type DemoCardInput = z.input<ReturnType<typeof demoCardSchema>>;
export type DemoCard = z.output<ReturnType<typeof demoCardSchema>>;
