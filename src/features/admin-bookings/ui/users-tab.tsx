import { ExternalLink, Mail } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DataTable, ListStates, Pagination, TableHead, Td } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { SearchBox, useSearchedPages } from '../../../client/components/ui/search-box';
import { attendanceRate, deriveUsers, type DerivedUser } from '../derive-users';
import { useAdminBookings } from './api/get-admin-bookings';
import { SendEmailDialog, type EmailRecipient } from './components/send-email-dialog';
import { withWeekday } from '../../../common/dates';

function filterUsers(users: readonly DerivedUser[], query: string): readonly DerivedUser[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return users;
  return users.filter((user) => {
    const text = `${user.name}\n${user.email}\n${user.company}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

function workshopsTitle(user: DerivedUser): string {
  return user.workshops
    .map((w) => `${w.date ? withWeekday(w.date) : 'Date TBC'}${w.time ? `, ${w.time}` : ''}${w.timezone ? ` ${w.timezone}` : ''}${w.attended ? ' (attended)' : ''}`)
    .join('\n');
}

/**
 * The Users tab: everyone who booked, grouped by e-mail from the same bookings read
 * as the Bookings tab (same key, same cache), with the overall attendance rate and a way to write
 * to each person.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function UsersTab({ csvActions }: { csvActions?: ReactNode }) {
  const bookingsQuery = useAdminBookings();
  const bookings = bookingsQuery.data;
  const [recipient, setRecipient] = useState<EmailRecipient | null>(null);

  const users = useMemo(() => deriveUsers(bookings ?? []), [bookings]);
  const totals = useMemo(
    () => users.reduce((sum, user) => ({ booked: sum.booked + user.workshopsBooked, attended: sum.attended + user.attended }), { booked: 0, attended: 0 }),
    [users],
  );
  const { search, matches, pagination } = useSearchedPages(users, filterUsers);

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox label="Search users" placeholder="Search by name, email or company" {...search} />
        {csvActions}
        {bookings ? (
          <p className="rounded-brutal border-2 border-ink bg-white px-3 py-2 text-sm">
            <span className="font-bold">Attendance rate: </span>
            <span data-testid="attendance-rate">{attendanceRate(totals.attended, totals.booked)}</span>
            <span className="text-ink-soft">
              {' '}
              ({totals.attended.toLocaleString('en-US')} of {totals.booked.toLocaleString('en-US')} bookings)
            </span>
          </p>
        ) : null}
      </div>

      <ListStates
        query={bookingsQuery}
        loadingLabel="Loading users"
        loadFailed="Failed to load users. Please try again."
        empty={
          users.length === 0
            ? { title: 'No users yet', children: 'People appear here once they book a workshop.' }
            : matches.length === 0
              ? { title: 'No users match your search', children: 'Try a name, an email address or a company.' }
              : null
        }
      >
        <DataTable label="Users" actions>
          <TableHead headers={['Name', 'Email', 'Company', 'Workshops Booked', 'Attended', 'Actions']} />
          <tbody>
            {pagination.pageRows.map((user) => (
              <tr key={user.email}>
                <Td className="font-bold">{user.name}</Td>
                <Td>{user.email}</Td>
                <Td>{user.company || <span className="text-ink-soft">—</span>}</Td>
                <Td>
                  <span title={workshopsTitle(user)}>{user.workshopsBooked}</span>
                </Td>
                <Td>{user.attended}</Td>
                <Td>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={smallButtonClasses('secondary')}
                      aria-label={`Send Email to ${user.name || user.email}`}
                      onClick={() => setRecipient({ email: user.email, name: user.name })}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      Send Email
                    </button>
                    <Link
                      href={`/participant?email=${encodeURIComponent(user.email)}`}
                      className={smallButtonClasses('ghost')}
                      aria-label={`View bookings of ${user.name || user.email}`}
                    >
                      <ExternalLink aria-hidden="true" className="size-4" />
                      View bookings
                    </Link>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="users" />
      </ListStates>

      <SendEmailDialog recipient={recipient} onClose={() => setRecipient(null)} />
    </div>
  );
}
