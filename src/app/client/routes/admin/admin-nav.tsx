import * as RadixDialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { useAdminSummary } from '../../../../features/admin-dashboard/ui/api/get-admin-summary';
import { cx } from '../../../../client/components/ui/cx';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { ADMIN_SECTION_GROUPS, adminSectionHref } from './admin-sections';

function UnreadBadge() {
  const { data } = useAdminSummary();
  const unread = data?.unreadMessages ?? 0;
  if (unread === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full border-2 border-ink bg-accent px-1.5 text-xs leading-5 font-extrabold">
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The workspace's sections in their groups; the open one is marked as the current page. */
export function AdminNav({ current, onNavigate, compact = false }: { current: string; onNavigate?: () => void; compact?: boolean }) {
  return (
    <nav aria-label="Admin sections" className={compact ? 'grid gap-3' : 'grid gap-4'}>
      {ADMIN_SECTION_GROUPS.map((group) => (
        <div key={group.label}>
          {group.sections.length > 1 ? (
            <p className="px-3 pb-1 text-xs font-extrabold uppercase tracking-label text-ink-soft" aria-hidden="true">
              {group.label}
            </p>
          ) : null}
          <ul aria-label={group.sections.length > 1 ? group.label : undefined} className="grid gap-0.5">
            {group.sections.map(({ value, label }) => (
              <li key={value}>
                <Link
                  href={adminSectionHref(value)}
                  aria-current={value === current ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cx(
                    // The sidebar is dense enough to show every section on a laptop; the drawer keeps touch-sized rows.
                    'flex items-center gap-2 rounded-brutal border-2 px-3 text-sm font-bold',
                    compact ? 'min-h-8' : 'min-h-11',
                    value === current ? 'border-ink bg-accent shadow-brutal-sm' : 'border-transparent hover:bg-paper-deep',
                  )}
                >
                  {label}
                  {value === 'messages' ? <UnreadBadge /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Below the laptop width the sections open from a Menu button as a drawer (Radix: focus trap, Escape). */
export function AdminNavDrawer({ current, open, onOpenChange }: { current: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  // After a choice the new section's heading takes focus (see the dashboard page), not the button.
  const chose = useRef(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger className={smallButtonClasses('secondary', 'lg:hidden')}>
        <Menu aria-hidden="true" className="size-5" />
        Sections
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (chose.current) event.preventDefault();
            chose.current = false;
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r-2 border-ink bg-white shadow-brutal-lg outline-none"
        >
          <div className="flex items-center justify-between border-b-2 border-ink px-4 py-2">
            <RadixDialog.Title className="text-lg font-extrabold">Sections</RadixDialog.Title>
            <RadixDialog.Close className="inline-flex size-11 items-center justify-center rounded-brutal hover:bg-paper-deep" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto p-3">
            <AdminNav
              current={current}
              onNavigate={() => {
                chose.current = true;
                onOpenChange(false);
              }}
            />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
