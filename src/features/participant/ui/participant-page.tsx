import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '../../../client/components/ui/button';
import { Spinner } from '../../../client/components/ui/spinner';
import { PARTICIPANT_SESSION_KEY, useParticipantSession } from './api/get-participant-session';
import { useLogoutParticipant } from './api/logout-participant';
import { useRequestAccessLink } from './api/request-access-link';
import type { BookingCardSlots } from './components/booking-card';
import { BookingsView } from './components/bookings-view';
import { accessErrorToast, EmailEntry, LinkSent } from './components/email-entry';

/**
 * Says whose page an admin is looking at: every action here (cancel, refund request, profile)
 * acts on that person's bookings, as if they had made it.
 */
function AdminViewingBanner({ email }: { email: string }) {
  return (
    <aside aria-label="Viewing as admin" className="mx-auto mb-8 flex max-w-3xl flex-col gap-3 rounded-brutal border-2 border-ink bg-accent px-4 py-3 shadow-brutal-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 font-medium">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span className="[overflow-wrap:anywhere]">
          <strong className="font-black">Viewing as admin:</strong> these are {email}&apos;s bookings, as they see them. What you do here acts on their bookings.
        </span>
      </p>
      <Link href="/admin?tab=bookings" className={buttonClasses('ink', 'md', 'shrink-0')}>
        Back to Bookings
      </Link>
    </aside>
  );
}

/**
 * /participant. Typing an address proves nothing, so it only sends that
 * address a sign-in link; opening the link (handled by the server) starts a participant session
 * and lands here, where the session's bookings are shown. An admin opens /participant?email=….
 */
export default function ParticipantPage({ slots = {} }: { slots?: BookingCardSlots }) {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const session = useParticipantSession();
  const requestLink = useRequestAccessLink();
  const logout = useLogoutParticipant();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const linkInvalid = search.get('link') === 'invalid';
  const adminEmail = search.get('email')?.trim() || null;
  const isAdmin = session.data?.isAdmin ?? false;

  const onSignedOut = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: PARTICIPANT_SESSION_KEY });
  }, [queryClient]);
  // 'Sign out' and 'Change Email' both end the session: the page then asks for an address again.
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/participant', { replace: true }),
      onError: accessErrorToast,
    });

  let content;
  if (session.isPending) {
    content = <Spinner label="Checking your access…" className="min-h-[40vh]" />;
  } else if (isAdmin && adminEmail) {
    content = (
      <>
        <AdminViewingBanner email={adminEmail} />
        <BookingsView key={adminEmail} email={adminEmail} queryEmail={adminEmail} changing={false} onChangeEmail={() => navigate('/participant')} onSignedOut={onSignedOut} slots={slots} />
      </>
    );
  } else if (session.data?.email) {
    content = (
      <BookingsView email={session.data.email} changing={logout.isPending} onChangeEmail={signOut} onSignOut={signOut} onSignedOut={onSignedOut} slots={slots} />
    );
  } else if (sentMessage) {
    content = <LinkSent message={sentMessage} onBack={() => setSentMessage(null)} />;
  } else {
    content = (
      <EmailEntry
        linkInvalid={linkInvalid}
        busy={requestLink.isPending}
        onSubmit={(email) => {
          // An admin needs no link: they may open any address's bookings.
          if (isAdmin) return navigate(`/participant?email=${encodeURIComponent(email)}`);
          requestLink.mutate({ email }, { onSuccess: (answer) => setSentMessage(answer.message), onError: accessErrorToast });
        }}
      />
    );
  }

  return <div className="px-4 py-12 sm:px-6 md:py-16">{content}</div>;
}
