import type { SharedBookingData } from '../../../booking';

/** Who is booking: Name, Email, and Company / Discount Code only when given (spec §2). */
export function BookingSummary({ booking }: { booking: SharedBookingData }) {
  const rows: Array<[string, string]> = [
    ['Name', `${booking.firstName} ${booking.lastName}`],
    ['Email', booking.email],
  ];
  if (booking.company) rows.push(['Company', booking.company]);
  if (booking.discountCode) rows.push(['Discount Code', booking.discountCode]);

  return (
    <section aria-labelledby="booking-summary-heading" className="rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal">
      <h2 id="booking-summary-heading" className="text-lg font-black">
        Booking summary
      </h2>
      <dl className="mt-4 grid gap-3">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5 sm:grid-cols-[9rem_1fr]">
            <dt className="text-sm font-extrabold uppercase tracking-label text-ink-soft">{term}</dt>
            <dd className="font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
