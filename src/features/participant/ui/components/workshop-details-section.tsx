import { Info, Link as LinkIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { truncateText } from '../../material-links';
import {
  ADDITIONAL_INFO_PREVIEW_CHARS,
  DETAILS_CHECK_BACK,
  DETAILS_NOT_AVAILABLE,
  MEETING_DETAILS_AFTER_PAYMENT,
  type WorkshopDetails,
} from '../../participant.schema';
import { CopyValue } from './copy-value';

/** Missing or failed details read the same. */
function NotAvailable() {
  return (
    <div className="rounded-brutal border-2 border-dashed border-ink bg-white px-4 py-5">
      <p className="font-bold">{DETAILS_NOT_AVAILABLE}</p>
      <p className="mt-1 text-sm text-ink-soft">{DETAILS_CHECK_BACK}</p>
    </div>
  );
}

/** Additional info, cut to 100 characters in the compact view with a toggle for the rest. */
function AdditionalInfo({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const preview = truncateText(text, ADDITIONAL_INFO_PREVIEW_CHARS);
  return (
    <div>
      <h4 className="text-sm font-bold">Additional information</h4>
      <p id={id} className="mt-1 whitespace-pre-line break-words text-sm">
        {expanded ? text : preview.text}
      </p>
      {preview.truncated ? (
        <button
          type="button"
          className="mt-1 min-h-11 text-sm font-bold underline underline-offset-2"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

/** Meeting link, id and password with copy buttons, additional info and material links. */
export function WorkshopDetailsSection({
  details,
  isLoading,
  isError,
}: {
  details: WorkshopDetails | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  if (isLoading) {
    return (
      <LoadingRegion label="Loading workshop details" className="space-y-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-6 w-1/3" />
      </LoadingRegion>
    );
  }
  if (isError || !details) return <NotAvailable />;

  const hasMeeting = Boolean(details.zoomLink || details.zoomMeetingId || details.zoomPassword);
  const hasAnything = hasMeeting || details.meetingDetailsPending || Boolean(details.additionalInfo) || details.materialLinks.length > 0;
  if (!hasAnything) return <NotAvailable />;

  return (
    <div className="space-y-4">
      {details.meetingDetailsPending ? (
        <p className="flex items-start gap-2 rounded-brutal border-2 border-ink bg-accent-soft px-3 py-2 text-sm font-semibold">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {MEETING_DETAILS_AFTER_PAYMENT}
        </p>
      ) : hasMeeting ? (
        <dl className="space-y-3">
          {details.zoomLink ? <CopyValue label="Meeting link" value={details.zoomLink} href={details.zoomLink} /> : null}
          {details.zoomMeetingId ? <CopyValue label="Meeting ID" value={details.zoomMeetingId} /> : null}
          {details.zoomPassword ? <CopyValue label="Password" value={details.zoomPassword} /> : null}
        </dl>
      ) : (
        <NotAvailable />
      )}
      {details.additionalInfo ? <AdditionalInfo text={details.additionalInfo} /> : null}
      {details.materialLinks.length > 0 ? (
        <div>
          <h4 className="text-sm font-bold">Materials</h4>
          <ul className="mt-1 space-y-1">
            {details.materialLinks.map((link) => (
              <li key={link} className="flex items-start gap-2 text-sm">
                <LinkIcon aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <a href={link} target="_blank" rel="noopener noreferrer" className="break-all font-semibold underline underline-offset-2">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
