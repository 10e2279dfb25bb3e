/** Every notice the checkout shows, worded exactly as spec §8 'Checkout' has them. */
export const checkoutMessages = {
  missingBookingData: 'Please complete the booking form first',
  paymentSuccessTitle: 'Payment Successful!',
  paymentSuccessDescription: 'Your workshop booking has been confirmed.',
  paymentFailedTitle: 'Payment Failed',
  errorTitle: 'Error',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  freeSuccessTitle: 'Booking Confirmed!',
  freeSuccessDescription: 'Your free workshop booking has been confirmed.',
  freeBookingError: 'An error occurred while processing your booking. Please try again.',
  freeBookingMissingData: 'Missing required booking information. Please go back and complete the form.',
  invalidDiscountTitle: 'Invalid Discount Code',
  invalidDiscountDescription: 'The discount code you entered is invalid or expired.',
  initError: 'Could not initialize payment. Please try again later.',
  soldOutWaitlist: 'Its waiting list is open: join it from the date below, and we e-mail you when a seat frees up.',
  invalidPaymentResponse: 'Invalid payment response from server',
  freeBookingText:
    'Your discount code provides you with a free workshop registration. Click the button below to confirm your booking.',
} as const;

/** Above the card form when this e-mail already holds a seat on this date. */
export const alreadyBookedNotice = (email: string) => `You already have a seat on this date with ${email}. Pay again only if you want a second seat.`;
