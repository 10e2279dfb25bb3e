import type { SharedBookingData } from '../../../booking.schema';

/** Who takes each seat: the people named, in order, then the unnamed seats. */
export function seatLines(booking: Pick<SharedBookingData, 'email' | 'seats' | 'attendees'>): string[] {
  return Array.from({ length: booking.seats }, (_, seat) => {
    const person = booking.attendees[seat];
    if (!person) return `Seat ${seat + 1}: unnamed — you get a link to send to whoever takes it`;
    const you = person.email.toLowerCase() === booking.email.toLowerCase() ? ' (you)' : '';
    return `Seat ${seat + 1}: ${person.firstName} ${person.lastName}${you}`;
  });
}

/** Who is booking: Name, Email, and Company / Discount Code only when given, then the seats. */
export function BookingSummary({ booking }: { booking: SharedBookingData }) {
  const rows: Array<[string, string]> = [
    ['Name', `${booking.firstName} ${booking.lastName}`],
    ['Email', booking.email],
  ];
  if (booking.company) rows.push(['Company', booking.company]);
  if (booking.discountCode) rows.push(['Discount Code', booking.discountCode]);
  // A reservation paid by its link names no one here: who is on its seats was settled when reserved.
  const seats = booking.attendees.length > 0 || booking.seats > 1 ? seatLines(booking) : [];

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
        {seats.length > 0 ? (
          <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr]">
            <dt className="text-sm font-extrabold uppercase tracking-label text-ink-soft">Seats</dt>
            <dd>
              <ul className="grid gap-1 font-semibold break-words">
                {seats.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
