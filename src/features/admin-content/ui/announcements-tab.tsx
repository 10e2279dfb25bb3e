import { Mail } from 'lucide-react';
import { useState } from 'react';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { DeleteConfirmation, EditDeleteActions, ImageCell, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { namedTexts, useAdminResource, useResourceEditor } from '../../../client/lib/admin-resource';
import type { AdminAnnouncement, AnnouncementInput, AnnouncementUpdate } from '../admin-content.schema';
import { announcementsResource } from './api/content-resources';
import { AnnouncementDialog } from './components/announcement-dialog';
import { InterestDialog } from './components/interest-dialog';
import { RowSwitch } from '../../../client/components/ui/switch';
import { publishedColumn } from './components/published-column';

const TEXTS = namedTexts<AdminAnnouncement>(announcementsResource.names, {
  created: (created) => `"${created.title}" was added.`,
  updated: (updated) => `"${updated.title}" was saved.`,
  deleted: (deleted) => `"${deleted.title}" was deleted with its interest list.`,
});

const switched = (description: (updated: AdminAnnouncement) => string) => (updated: AdminAnnouncement) => ({ title: 'Announcement Updated', description: description(updated) });

/**
 * The Announcements tab: every announcement in the landing page's order, with switches for
 * publishing and for the interest form, the count of interested addresses (and their list),
 * add, edit and delete. Each change reaches the public list at once.
 */
export default function AnnouncementsTab() {
  const resource = useAdminResource<AdminAnnouncement, AnnouncementInput, AnnouncementUpdate>(announcementsResource);
  const editor = useResourceEditor(resource, TEXTS);
  const [interestOf, setInterestOf] = useState<AdminAnnouncement | null>(null);

  const columns: Column<AdminAnnouncement>[] = [
    { header: 'Image', hidden: true, cell: (announcement) => <ImageCell src={announcement.imageUrl} alt={`Image of ${announcement.title}`} shape="wide" /> },
    { header: 'Title', className: 'max-w-72 font-bold whitespace-normal', cell: (announcement) => announcement.title },
    { header: 'Sort order', className: 'tabular-nums', cell: (announcement) => announcement.sortOrder },
    publishedColumn(
      editor,
      (announcement) => announcement.title,
      switched((updated) => `"${updated.title}" is now ${updated.isPublished ? 'published' : 'hidden'}.`),
    ),
    {
      header: 'Interest form',
      cell: (announcement) => (
        <RowSwitch
          label={`Interest form: ${announcement.title}`}
          stateText={announcement.emailFormEnabled ? 'On' : 'Off'}
          checked={announcement.emailFormEnabled}
          disabled={editor.changingId === announcement.id}
          onCheckedChange={(emailFormEnabled) =>
            editor.change(
              announcement,
              { emailFormEnabled },
              switched((updated) => `The interest form of "${updated.title}" is now ${updated.emailFormEnabled ? 'on' : 'off'}.`),
            )
          }
        />
      ),
    },
    {
      header: 'Interested',
      cell: (announcement) => (
        <button
          type="button"
          className={smallButtonClasses('secondary')}
          aria-label={`${announcement.interestCount} interested in ${announcement.title}: show e-mails`}
          onClick={() => setInterestOf(announcement)}
        >
          <Mail aria-hidden="true" className="size-4" />
          <span className="tabular-nums">{announcement.interestCount}</span>
        </button>
      ),
    },
  ];

  return (
    <>
      <ResourceTable
        resource={resource}
        start={{ add: 'Add Announcement', onAdd: editor.openNew, lead: 'Add one with', hint: 'published announcements appear on the landing page.' }}
        columns={columns}
        rowActions={(announcement) => <EditDeleteActions row={announcement} name={announcement.title} editor={editor} />}
      />

      <AnnouncementDialog key={editor.opening} {...editor.form} />

      <InterestDialog announcement={interestOf} onClose={() => setInterestOf(null)} />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(announcement) => `Delete ${announcement.title}?`}
        description="It disappears from the landing page at once, with its list of interested e-mails. This cannot be undone."
      />
    </>
  );
}
