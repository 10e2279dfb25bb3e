import { useEffect, useId, useState, type FormEvent } from 'react';
import { DecorativeImage } from '../../../../client/components/ui/decorative-image';
import { Button } from '../../../../client/components/ui/button';
import { cx } from '../../../../client/components/ui/cx';
import { controlClasses } from '../../../../client/components/ui/form';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { announcementInterestSchema, type Announcement } from '../../content.schema';
import { useAnnouncements } from '../api/get-announcements';
import { useRegisterAnnouncementInterest } from '../api/register-announcement-interest';

type Notice = { kind: 'success' | 'error'; text: string };

const FAILURE_TEXT = 'Something went wrong. Please try again later.';
const SUCCESS_TEXT = "Thank you for your interest! We'll be in touch soon.";

/** 'Interested? Let us know:' — the spec's alerts are shown inline, next to the field. */
function InterestForm({ announcement }: { announcement: Announcement }) {
  const inputId = useId();
  const noticeId = `${inputId}-notice`;
  const [notice, setNotice] = useState<Notice | null>(null);
  const register = useRegisterAnnouncementInterest();

  // The field keeps what it holds itself (uncontrolled): an address typed into the server's HTML
  // before the app took the page over is still there when it is sent.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    const parsed = announcementInterestSchema.safeParse({ email, announcementId: announcement.id });
    if (!parsed.success) {
      setNotice({ kind: 'error', text: parsed.error.issues[0]?.message ?? FAILURE_TEXT });
      return;
    }
    setNotice(null);
    register.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        setNotice({ kind: 'success', text: SUCCESS_TEXT });
      },
      onError: () => setNotice({ kind: 'error', text: FAILURE_TEXT }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Register interest: ${announcement.title}`}
      className="mt-5 border-t-2 border-dashed border-ink pt-5"
    >
      <label htmlFor={inputId} className="block font-bold">
        Interested? Let us know:
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          name="email"
          aria-invalid={notice?.kind === 'error' ? true : undefined}
          aria-describedby={notice ? noticeId : undefined}
          className={controlClasses}
        />
        <Button type="submit" variant="ink" disabled={register.isPending} className="shrink-0">
          Submit
        </Button>
      </div>
      {notice && (
        <p
          id={noticeId}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={cx(
            'mt-3 rounded-brutal border-2 border-ink px-3 py-2 text-sm font-semibold',
            notice.kind === 'error' ? 'bg-danger-soft' : 'bg-success-soft',
          )}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}

function AnnouncementCard({ announcement }: { announcement: Announcement }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-brutal border-2 border-ink bg-white shadow-brutal">
      {announcement.imageUrl && (
        <DecorativeImage src={announcement.imageUrl} width={640} height={320} className="aspect-[2/1] w-full border-b-2 border-ink object-cover" />
      )}
      <div className="flex flex-1 flex-col p-6">
        {announcement.title && <h3 className="text-xl font-black">{announcement.title}</h3>}
        {/* Sanitised by the server on write; pre-line keeps the author's line breaks. */}
        <div className="rich-text mt-3 whitespace-pre-line" dangerouslySetInnerHTML={{ __html: announcement.content }} />
        {announcement.emailFormEnabled && <InterestForm announcement={announcement} />}
      </div>
    </li>
  );
}

function AnnouncementsSkeleton() {
  return (
    <LoadingRegion label="Loading announcements" className="grid gap-6 md:grid-cols-2">
      {[0, 1].map((key) => (
        <div key={key} className="rounded-brutal border-2 border-ink bg-white p-6">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-2 h-4 w-1/2" />
        </div>
      ))}
    </LoadingRegion>
  );
}

/** Landing section 6. Nothing renders on error, missing data or an empty list. */
export function AnnouncementsSection() {
  const { data, isPending, error } = useAnnouncements();

  useEffect(() => {
    if (error) console.warn('Could not load announcements', error);
  }, [error]);

  if (!isPending && (!data || data.length === 0)) return null;
  return (
    <section id="announcements" aria-labelledby="announcements-heading" className="border-b-2 border-ink">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="announcements-heading" className="text-3xl font-black tracking-tight sm:text-4xl">
          Announcements
        </h2>
        <div className="mt-8">
          {isPending ? (
            <AnnouncementsSkeleton />
          ) : (
            <ul className="grid gap-6 md:grid-cols-2">
              {data?.map((announcement) => (
                <AnnouncementCard key={announcement.id} announcement={announcement} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
