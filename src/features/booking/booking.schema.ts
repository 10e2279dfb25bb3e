import { z } from 'zod';

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const paymentModes = ['pay_now', 'pay_later'] as const;

/** The booking form on the landing and intro pages (spec §5). */
export const bookingFormSchema = z.object({
  workshopDateId: z.coerce
    .number({ error: 'Please select a workshop date' })
    .int('Please select a workshop date')
    .positive('Please select a workshop date'),
  firstName: z.string({ error: 'First name must be at least 2 characters' }).trim().min(2, 'First name must be at least 2 characters').max(100, 'First name must be 100 characters or less'),
  lastName: z.string({ error: 'Last name must be at least 2 characters' }).trim().min(2, 'Last name must be at least 2 characters').max(100, 'Last name must be 100 characters or less'),
  email: emailField,
  company: z.string().trim().max(200, 'Company must be 200 characters or less').optional().default(''),
  discountCode: z.string().trim().max(64, 'Discount code must be 64 characters or less').optional().default(''),
  paymentMode: z.enum(paymentModes).optional().default('pay_now'),
  subscribedToNewsletter: z.boolean().optional().default(true),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingForm = z.output<typeof bookingFormSchema>;

/** What survives the move from the booking section to /checkout. */
export type SharedBookingData = {
  workshopDateId: number | '';
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  discountCode: string;
  paymentMode: (typeof paymentModes)[number];
  subscribedToNewsletter: boolean;
};

export const emptyBookingData: SharedBookingData = {
  workshopDateId: '',
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  discountCode: '',
  paymentMode: 'pay_now',
  subscribedToNewsletter: true,
};
