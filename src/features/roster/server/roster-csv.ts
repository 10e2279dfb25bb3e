import { formatCsv } from '../../../common/csv';
import { ROSTER_CSV_HEADER, type Roster } from '../roster.schema';

/**
 * The roster as a spreadsheet file: the same seats as the screen, one a row. formatCsv quotes
 * what needs quoting and guards every text cell against formula injection (docs/decisions/012).
 */
export function rosterCsv(roster: Roster): string {
  return formatCsv(
    ROSTER_CSV_HEADER,
    roster.attendees.map((seat) => [
      seat.bookingId,
      seat.orderReference,
      seat.firstName,
      seat.lastName,
      seat.email,
      seat.company,
      seat.payment,
      seat.status,
      seat.hasAttended ? 'yes' : 'no',
      seat.joinedAt ?? '',
    ]),
  );
}
