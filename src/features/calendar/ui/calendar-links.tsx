import { CalendarPlus, Download } from 'lucide-react';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { calendarFilePath, googleCalendarUrl, outlookCalendarUrl } from '../calendar-links';
import { workshopEventTimes } from '../../../common/workshop-time';

export type CalendarLinksProps = {
  bookingId: number;
  title: string;
  date: string;
  time: string;
  timezone: string;
  isTBC: boolean;
  /** The range ends on the next day: the same instants as the .ics file (workshopEventTimes). */
  endsNextDay?: boolean;
  /** The meeting link, when the participant may see it: the event's location. */
  location?: string | null;
  /** Extra text for the Google and Outlook event (the .ics file writes its own). */
  details?: string;
  /**
   * Where the .ics file is downloaded from: the participant's own (needs their session) unless
   * given, e.g. the confirmation page's, which its signed token opens.
   */
  filePath?: string;
};

/**
 * '.ics' download, 'Add to Google Calendar' and 'Add to Outlook' for one booking. Nothing while
 * the workshop's date is not set (TBC): there is no event to add yet.
 */
export function CalendarLinks({ bookingId, title, date, time, timezone, isTBC, endsNextDay, location, details, filePath }: CalendarLinksProps) {
  const times = workshopEventTimes({ date, time, timezone, isTBC, endsNextDay });
  if (!times) return null;
  const pageUrl = typeof window === 'undefined' ? '/participant' : `${window.location.origin}/participant`;
  const event = {
    title,
    start: times.start,
    end: times.end,
    details: details ?? `Your booking #${bookingId}: meeting details and materials at ${pageUrl}`,
    location,
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Add ${title} to your calendar`}>
      <a className={smallButtonClasses('secondary')} href={filePath ?? calendarFilePath(bookingId)} download={`workshop-${bookingId}.ics`}>
        <Download aria-hidden="true" className="size-4" />
        Download calendar file
      </a>
      <a className={smallButtonClasses('secondary')} href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to Google Calendar
      </a>
      <a className={smallButtonClasses('secondary')} href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add to Outlook
      </a>
    </div>
  );
}
