import { Trash2, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, TableSkeleton, Td, Th } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { useAuthStatus } from '../../admin-auth/ui/api/get-auth-status';
import { useLeaveAdmin } from '../../admin-auth/ui/api/logout';
import { ADMIN_EMAIL_TAKEN, type AdminUser, type CreateAdminUserInput } from '../admin-users.schema';
import { useCreateAdminUser } from './api/create-admin-user';
import { useDeleteAdminUser } from './api/delete-admin-user';
import { useAdminUsers } from './api/get-admin-users';
import { AddAdminDialog } from './components/add-admin-dialog';
import { TwoStepCard } from './components/two-step-card';

const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const ONLY_ADMIN_REASON = 'The only admin cannot be removed. Add another admin first.';

/**
 * The Admin Users tab (CONTRACT §6): who may sign in to the dashboard, adding and removing
 * admins (never the last one), and the signed-in admin's own two-step sign-in.
 */
export default function AdminUsersTab() {
  const leaveAdmin = useLeaveAdmin();
  const admins = useAdminUsers();
  const me = useAuthStatus().data?.user ?? null;
  const creation = useCreateAdminUser();
  const removal = useDeleteAdminUser();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<AdminUser | null>(null);
  const reasonId = useId();

  const list = admins.data ?? [];
  const adminCount = list.filter((admin) => admin.isAdmin).length;
  const onlyOne = adminCount <= 1;

  const add = (values: CreateAdminUserInput, setEmailError: (message: string) => void) =>
    creation.mutate(values, {
      onSuccess: (created) => {
        toast({ title: 'Admin Added', description: `${created.email} can now sign in.` });
        setAdding(false);
      },
      onError: (error) => {
        const message = refusalMessage(error);
        if (message === ADMIN_EMAIL_TAKEN) setEmailError(message);
        toast({ title: 'Failed to add admin', description: message ?? 'Please try again.', variant: 'destructive' });
      },
    });

  const confirmRemove = () => {
    if (!toRemove) return;
    const admin = toRemove;
    const self = admin.id === me?.id;
    removal.mutate(admin.id, {
      onSuccess: () => {
        setToRemove(null);
        toast({ title: 'Admin Removed', description: self ? 'Your admin account was removed.' : `${admin.email} can no longer sign in.` });
        // This session ended with the account: leave the dashboard and forget its data.
        if (self) leaveAdmin();
      },
      onError: (error) => {
        setToRemove(null);
        toast({ title: 'Failed to remove admin', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };

  let content;
  if (admins.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading admins">
        <TableSkeleton rows={2} />
      </div>
    );
  } else if (admins.isError) {
    content = <ErrorState message="Failed to load admins." onRetry={() => void admins.refetch()} />;
  } else if (list.length === 0) {
    content = <EmptyState title="No admins found" />;
  } else {
    content = (
      <>
        {onlyOne ? (
          <p id={reasonId} className="mb-3 text-sm font-semibold text-ink-soft">
            {ONLY_ADMIN_REASON}
          </p>
        ) : null}
        <DataTable label="Admins" actions>
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Two-step sign-in</Th>
              <Th>Added</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((admin) => {
              const isMe = admin.id === me?.id;
              return (
                <tr key={admin.id}>
                  <Td className="font-bold">
                    <span className="flex flex-wrap items-center gap-2">
                      {admin.email}
                      {isMe ? <Badge tone="accent">You</Badge> : null}
                    </span>
                  </Td>
                  <Td>
                    <Badge tone={admin.totpEnabled ? 'success' : 'paper'}>{admin.totpEnabled ? 'On' : 'Off'}</Badge>
                  </Td>
                  <Td className="whitespace-nowrap">
                    <time dateTime={admin.createdAt}>{addedOn.format(new Date(admin.createdAt))}</time>
                  </Td>
                  <Td>
                    <button
                      type="button"
                      className={smallButtonClasses('ghost')}
                      aria-label={`Remove ${admin.email}`}
                      aria-describedby={onlyOne ? reasonId : undefined}
                      disabled={onlyOne && admin.isAdmin}
                      onClick={() => setToRemove(admin)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </>
    );
  }

  const removingSelf = toRemove !== null && toRemove.id === me?.id;
  return (
    <div className="space-y-6">
      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <button type="button" className={smallButtonClasses('primary')} onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add Admin
          </button>
        </div>
        {content}
      </div>

      <TwoStepCard />

      <AddAdminDialog open={adding} onOpenChange={setAdding} busy={creation.isPending} onSubmit={add} />

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
        title={removingSelf ? 'Remove your own admin account?' : `Remove ${toRemove?.email ?? 'this admin'}?`}
        description={
          removingSelf
            ? 'You will be signed out at once and can no longer sign in with this e-mail.'
            : 'They are signed out at once and can no longer sign in to the dashboard.'
        }
        confirmLabel={removal.isPending ? 'Removing…' : 'Remove'}
        busy={removal.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
