import { Pencil, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { CsvActions } from '../../admin-csv/ui/csv-actions';
import { CODE_DUPLICATE, type DiscountCode, type DiscountCodeUpdate } from '../admin-discounts.schema';
import { expiryText, isExpired, isUsedUp, usageText } from '../discount-labels';
import { useCreateDiscountCode } from './api/create-discount-code';
import { useDeleteDiscountCode } from './api/delete-discount-code';
import { useDiscountCodes } from './api/get-discount-codes';
import { useUpdateDiscountCode } from './api/update-discount-code';
import { DiscountCodeDialog, type DiscountCodeSubmit } from './components/discount-code-dialog';

type RowProps = {
  code: DiscountCode;
  now: number;
  toggling: boolean;
  onToggle: (code: DiscountCode) => void;
  onEdit: (code: DiscountCode) => void;
  onDelete: (code: DiscountCode) => void;
};

function DiscountCodeRow({ code, now, toggling, onToggle, onEdit, onDelete }: RowProps) {
  const expired = isExpired(code.expiresAt, now);
  const usedUp = isUsedUp(code);
  return (
    <tr>
      <Td className="font-mono font-bold">{code.code}</Td>
      <Td className="max-w-72">{code.description}</Td>
      <Td className="tabular-nums">{code.discountPercent}%</Td>
      <Td className="whitespace-nowrap tabular-nums">
        {usageText(code)}
        {usedUp ? (
          <Badge tone="paper" className="ml-2">
            Used up
          </Badge>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap">
        {code.expiresAt ? <time dateTime={code.expiresAt}>{expiryText(code.expiresAt)}</time> : expiryText(null)}
        {expired ? (
          <Badge tone="ink" className="ml-2">
            Expired
          </Badge>
        ) : null}
      </Td>
      <Td>
        <Badge tone={code.isActive ? 'success' : 'paper'}>{code.isActive ? 'Active' : 'Inactive'}</Badge>
      </Td>
      <Td>
        <div className="flex flex-wrap gap-1.5">
          <button
            type="button"
            className={smallButtonClasses('secondary')}
            aria-label={`${code.isActive ? 'Deactivate' : 'Activate'} ${code.code}`}
            disabled={toggling}
            onClick={() => onToggle(code)}
          >
            {code.isActive ? <PowerOff aria-hidden="true" className="size-4" /> : <Power aria-hidden="true" className="size-4" />}
            {code.isActive ? 'Deactivate' : 'Activate'}
          </button>
          <button type="button" className={smallButtonClasses('ghost')} aria-label={`Edit ${code.code}`} onClick={() => onEdit(code)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          <button type="button" className={smallButtonClasses('ghost')} aria-label={`Delete ${code.code}`} onClick={() => onDelete(code)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </Td>
    </tr>
  );
}

/**
 * The Discount Codes tab (spec §2, §4, §8): every code with its usage and expiry; add, edit,
 * activate or deactivate, delete. Read when the tab first opens, fresh for 5 minutes (spec §7).
 */
export default function DiscountCodesTab() {
  const codesQuery = useDiscountCodes();
  const creation = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const removal = useDeleteDiscountCode();

  const [dialog, setDialog] = useState<{ open: boolean; editing: DiscountCode | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<DiscountCode | null>(null);
  const codes = codesQuery.data ?? [];
  const pagination = usePagination(codes);
  // Read once per render of the list, so every row judges "expired" against the same instant.
  const [now] = useState(() => Date.now());

  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const save = ({ values, expiryChanged, setCodeError }: DiscountCodeSubmit) => {
    const onError = (title: string) => (error: unknown) => {
      if (refusalMessage(error) === CODE_DUPLICATE) setCodeError(CODE_DUPLICATE);
      failureToast(title, error);
    };
    const editing = dialog.editing;
    if (!editing) {
      creation.mutate(values, {
        onSuccess: (created) => {
          toast({ title: 'Discount Code Created', description: `${created.code} gives ${created.discountPercent}% off.` });
          closeDialog();
        },
        onError: onError('Failed to create discount code'),
      });
      return;
    }
    const changes: DiscountCodeUpdate = { ...values };
    if (!expiryChanged) delete changes.expiresAt;
    update.mutate(
      { id: editing.id, changes },
      {
        onSuccess: (updated) => {
          toast({ title: 'Discount Code Updated', description: `${updated.code} was saved.` });
          closeDialog();
        },
        onError: onError('Failed to update discount code'),
      },
    );
  };

  const toggle = (code: DiscountCode) =>
    update.mutate(
      { id: code.id, changes: { isActive: !code.isActive } },
      {
        onSuccess: (updated) =>
          toast({ title: 'Discount Code Updated', description: `${updated.code} is now ${updated.isActive ? 'active' : 'inactive'}.` }),
        onError: (error) => failureToast('Failed to update discount code', error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const code = toDelete;
    removal.mutate(code.id, {
      onSuccess: () => {
        toast({ title: 'Discount Code Deleted', description: `${code.code} was deleted. Bookings that used it keep it on record.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete discount code', error);
        setToDelete(null);
      },
    });
  };

  const togglingId = update.isPending && update.variables && !dialog.open ? update.variables.id : null;

  let content;
  if (codesQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading discount codes">
        <TableSkeleton />
      </div>
    );
  } else if (codesQuery.isError) {
    content = <ErrorState message="Failed to load discount codes." onRetry={() => void codesQuery.refetch()} />;
  } else if (codes.length === 0) {
    content = (
      <EmptyState title="No discount codes yet">
        Add a code with <strong>Add Discount Code</strong>; buyers type it at checkout.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <DataTable label="Discount codes" actions>
          <thead>
            <tr>
              <Th>Code</Th>
              <Th>Description</Th>
              <Th>Discount</Th>
              <Th>Usage</Th>
              <Th>Expiration</Th>
              <Th>Status</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pagination.pageRows.map((code) => (
              <DiscountCodeRow
                key={code.id}
                code={code}
                now={now}
                toggling={togglingId === code.id}
                onToggle={toggle}
                onEdit={(editing) => setDialog({ open: true, editing })}
                onDelete={setToDelete}
              />
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="discount codes" />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setDialog({ open: true, editing: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Discount Code
        </button>
        <CsvActions entity="discountCodes" />
      </div>

      {content}

      <DiscountCodeDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        editing={dialog.editing}
        busy={creation.isPending || (update.isPending && dialog.open)}
        onSubmit={save}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete ${toDelete.code}?` : 'Delete discount code?'}
        description="The code stops working at checkout at once. Bookings that used it keep the code and their prices."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
