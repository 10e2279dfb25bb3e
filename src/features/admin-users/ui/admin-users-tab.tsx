import { Trash2, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { DeleteConfirmation, ResourceTable, type Column, ResourceToolbar } from '../../../client/components/ui/resource-view';
import { useAdminResource, useResourceEditor } from '../../../client/lib/admin-resource';
import { refusalMessage } from '../../../client/lib/api-client';
import { useAuthStatus, useLeaveAdmin } from '../../admin-auth/ui';
import { ADMIN_EMAIL_TAKEN, type AdminUser, type CreateAdminUserInput } from '../admin-users.schema';
import { adminUsersResource } from './api/admin-users-resource';
import { AddAdminDialog } from './components/add-admin-dialog';
import { TwoStepCard } from './components/two-step-card';

const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const ONLY_ADMIN_REASON = 'The only admin cannot be removed. Add another admin first.';

/**
 * The Admin Users tab: who may sign in to the dashboard, adding and removing
 * admins (never the last one), and the signed-in admin's own two-step sign-in.
 */
export default function AdminUsersTab() {
  const leaveAdmin = useLeaveAdmin();
  const me = useAuthStatus().data?.user ?? null;
  const isMe = (admin: AdminUser) => admin.id === me?.id;
  const resource = useAdminResource<AdminUser, CreateAdminUserInput>(adminUsersResource);
  const editor = useResourceEditor(
    resource,
    {
      created: (created) => ({ title: 'Admin Added', description: `${created.email} can now sign in.` }),
      updated: (updated) => ({ title: 'Admin Updated', description: updated.email }),
      deleted: (admin) => ({ title: 'Admin Removed', description: isMe(admin) ? 'Your admin account was removed.' : `${admin.email} can no longer sign in.` }),
      createFailed: 'Failed to add admin',
      updateFailed: 'Failed to update admin',
      deleteFailed: 'Failed to remove admin',
    },
    // This session ended with the account: leave the dashboard and forget its data.
    (admin) => (isMe(admin) ? leaveAdmin() : undefined),
  );
  const reasonId = useId();
  const adminCount = (resource.list.data ?? []).filter((admin) => admin.isAdmin).length;
  const onlyOne = adminCount <= 1;

  const add = (values: CreateAdminUserInput, setEmailError: (message: string) => void) =>
    editor.save(values, {
      onRefused: (error) => {
        if (refusalMessage(error) === ADMIN_EMAIL_TAKEN) setEmailError(ADMIN_EMAIL_TAKEN);
      },
    });

  const columns: Column<AdminUser>[] = [
    {
      header: 'Email',
      className: 'font-bold',
      cell: (admin) => (
        <span className="flex flex-wrap items-center gap-2">
          {admin.email}
          {isMe(admin) ? <Badge tone="accent">You</Badge> : null}
        </span>
      ),
    },
    { header: 'Two-step sign-in', cell: (admin) => <Badge tone={admin.totpEnabled ? 'success' : 'paper'}>{admin.totpEnabled ? 'On' : 'Off'}</Badge> },
    { header: 'Added', className: 'whitespace-nowrap', cell: (admin) => <time dateTime={admin.createdAt}>{addedOn.format(new Date(admin.createdAt))}</time> },
  ];

  return (
    <div className="space-y-6">
      <div>
        <ResourceToolbar add={{ label: 'Add Admin', onClick: editor.openNew }} icon={<UserPlus aria-hidden="true" className="size-4" />} />
        {onlyOne && resource.list.isSuccess ? (
          <p id={reasonId} className="mb-3 text-sm font-semibold text-ink-soft">
            {ONLY_ADMIN_REASON}
          </p>
        ) : null}
        <ResourceTable
          resource={resource}
          empty={{ title: 'No admins found' }}
          columns={columns}
          rowActions={(admin) => (
            <button
              type="button"
              className={smallButtonClasses('ghost')}
              aria-label={`Remove ${admin.email}`}
              aria-describedby={onlyOne ? reasonId : undefined}
              disabled={onlyOne && admin.isAdmin}
              onClick={() => editor.deletion.ask(admin)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </button>
          )}
        />
      </div>

      <TwoStepCard />

      <AddAdminDialog key={editor.opening} open={editor.form.open} onOpenChange={editor.form.onOpenChange} busy={editor.form.busy} onSubmit={add} />

      <DeleteConfirmation
        deletion={editor.deletion}
        verb={{ label: 'Remove', busy: 'Removing…' }}
        title={(admin) => (isMe(admin) ? 'Remove your own admin account?' : `Remove ${admin.email}?`)}
        description={(admin) =>
          isMe(admin)
            ? 'You will be signed out at once and can no longer sign in with this e-mail.'
            : 'They are signed out at once and can no longer sign in to the dashboard.'
        }
      />
    </div>
  );
}
