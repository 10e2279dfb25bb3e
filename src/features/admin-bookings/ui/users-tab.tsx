import { ExternalLink, Mail } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { attendanceRate, deriveUsers, type DerivedUser } from '../derive-users';
import { useAdminBookings } from './api/get-admin-bookings';
import { SearchBox } from './components/search-box';
import { SendEmailDialog, type EmailRecipient } from './components/send-email-dialog';

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
    .map((w) => `${w.date || 'Date TBC'}${w.time ? `, ${w.time}` : ''}${w.timezone ? ` ${w.timezone}` : ''}${w.attended ? ' (attended)' : ''}`)
    .join('\n');
}

/**
 * The Users tab (spec §2, §3): everyone who booked, grouped by e-mail from the same bookings read
 * as the Bookings tab (same key, same cache), with the overall attendance rate and a way to write
 * to each person.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function UsersTab({ csvActions }: { csvActions?: ReactNode }) {
  const bookingsQuery = useAdminBookings();
  const bookings = bookingsQuery.data;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [recipient, setRecipient] = useState<EmailRecipient | null>(null);

  const users = useMemo(() => deriveUsers(bookings ?? []), [bookings]);
  const totals = useMemo(
    () => users.reduce((sum, user) => ({ booked: sum.booked + user.workshopsBooked, attended: sum.attended + user.attended }), { booked: 0, attended: 0 }),
    [users],
  );
  const filtered = useMemo(() => filterUsers(users, deferredQuery), [users, deferredQuery]);
  const pagination = usePagination(filtered);
  const { pageRows, setPage } = pagination;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox
          label="Search users"
          placeholder="Search by name, email or company"
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(0);
          }}
        />
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

      {bookingsQuery.isPending ? (
        <TableSkeleton />
      ) : bookingsQuery.isError ? (
        <ErrorState message="Failed to load users. Please try again." onRetry={() => void bookingsQuery.refetch()} />
      ) : users.length === 0 ? (
        <EmptyState title="No users yet">People appear here once they book a workshop.</EmptyState>
      ) : filtered.length === 0 ? (
        <EmptyState title="No users match your search">Try a name, an email address or a company.</EmptyState>
      ) : (
        <>
          <DataTable label="Users" actions>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Company</Th>
                <Th>Workshops Booked</Th>
                <Th>Attended</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {pageRows.map((user) => (
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
        </>
      )}

      <SendEmailDialog recipient={recipient} onClose={() => setRecipient(null)} />
    </div>
  );
}
