import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, TableSkeleton, Td, Th } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { controlClasses } from '../../../client/components/ui/form';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { adminWorkshopDatesQueryOptions } from '../../admin-workshops/ui/api/get-admin-workshop-dates';
import type { AdminWorkshopAsset } from '../admin-blog.schema';
import { useCreateWorkshopAsset, type WorkshopAssetPayload } from './api/create-workshop-asset';
import { useDeleteWorkshopAsset } from './api/delete-workshop-asset';
import { useAdminWorkshopAssets } from './api/get-workshop-assets';
import { useReorderWorkshopAssets } from './api/reorder-workshop-assets';
import { useUpdateWorkshopAsset } from './api/update-workshop-asset';
import { WorkshopAssetDialog, type WorkshopOption } from './components/workshop-asset-dialog';

/** By sortOrder, then id: the order participants see. */
const byOrder = (a: AdminWorkshopAsset, b: AdminWorkshopAsset) => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The Workshop Assets tab: slides and tips for one workshop date or for all. The filter shows
 * every asset, or what the participants of one date see (its own and those for all workshops),
 * in their order; up and down renumber the shown list in one call.
 */
export default function WorkshopAssetsTab() {
  const filterId = useId();
  const assetsQuery = useAdminWorkshopAssets();
  const datesQuery = useQuery(adminWorkshopDatesQueryOptions());
  const creation = useCreateWorkshopAsset();
  const update = useUpdateWorkshopAsset();
  const reorder = useReorderWorkshopAssets();
  const removal = useDeleteWorkshopAsset();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; editing: AdminWorkshopAsset | null; key: number }>({ open: false, editing: null, key: 0 });
  const [toDelete, setToDelete] = useState<AdminWorkshopAsset | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const workshops: WorkshopOption[] = useMemo(
    () =>
      (datesQuery.data ?? []).map((date) => ({
        value: String(date.id),
        label: `${date.title} — ${date.isTBC || !date.date ? 'TBC' : date.date}${date.isActive ? '' : ' (inactive)'}`,
      })),
    [datesQuery.data],
  );
  const workshopName = (id: number | null) =>
    id === null ? 'All workshops' : (workshops.find((option) => option.value === String(id))?.label ?? `Workshop #${id}`);

  const shown = useMemo(() => {
    const all = assetsQuery.data ?? [];
    const filtered = filter === '' ? all : all.filter((asset) => asset.workshopDateId === null || String(asset.workshopDateId) === filter);
    return [...filtered].sort(byOrder);
  }, [assetsQuery.data, filter]);
  const nextSortOrder = shown.length === 0 ? 0 : Math.max(...shown.map((asset) => asset.sortOrder)) + 1;

  const openDialog = (editing: AdminWorkshopAsset | null) => setDialog((current) => ({ open: true, editing, key: current.key + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const save = (payload: WorkshopAssetPayload) => {
    const editing = dialog.editing;
    if (!editing) {
      creation.mutate(payload, {
        onSuccess: (created) => {
          toast({ title: 'Workshop Asset Created', description: `"${created.title}" is shown to ${workshopName(created.workshopDateId) === 'All workshops' ? 'participants of every workshop' : 'participants of that workshop'}.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to create workshop asset', error),
      });
      return;
    }
    update.mutate(
      { id: editing.id, changes: payload },
      {
        onSuccess: (updated) => {
          toast({ title: 'Workshop Asset Updated', description: `"${updated.title}" was saved.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to update workshop asset', error),
      },
    );
  };

  const move = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    if (target < 0 || target >= shown.length) return;
    const ids = shown.map((asset) => asset.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    const moved = shown[index]!;
    reorder.mutate(ids, {
      onSuccess: () => setAnnouncement(`${moved.title} moved ${direction < 0 ? 'up' : 'down'} to position ${target + 1} of ${ids.length}.`),
      onError: (error) => failureToast('Failed to update workshop asset', error),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const asset = toDelete;
    removal.mutate(asset.id, {
      onSuccess: () => {
        toast({ title: 'Workshop Asset Deleted', description: `"${asset.title}" was deleted.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete workshop asset', error);
        setToDelete(null);
      },
    });
  };

  let content;
  if (assetsQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading workshop assets">
        <TableSkeleton />
      </div>
    );
  } else if (assetsQuery.isError) {
    content = <ErrorState message="Failed to load workshop assets." onRetry={() => void assetsQuery.refetch()} />;
  } else if (shown.length === 0) {
    content = (
      <EmptyState title={filter === '' ? 'No workshop assets yet' : 'No assets for this workshop yet'}>
        Add slides or tips with <strong>Add Asset</strong>; participants see them on their booking page.
      </EmptyState>
    );
  } else {
    content = (
      <DataTable label="Workshop assets" actions>
        <thead>
          <tr>
            <Th>Order</Th>
            <Th>Title</Th>
            <Th>Type</Th>
            <Th>Workshop</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {shown.map((asset, index) => (
            <tr key={asset.id}>
              <Td className="tabular-nums">
                {index + 1}
                <span className="ml-1 text-xs text-ink-soft">({asset.sortOrder})</span>
              </Td>
              <Td className="max-w-80">
                <span className="font-bold">{asset.title}</span>
                {asset.description ? <span className="block text-xs text-ink-soft">{asset.description}</span> : null}
              </Td>
              <Td>
                <Badge tone={asset.type === 'slides' ? 'secondary' : 'paper'}>{asset.type === 'slides' ? 'Slides' : 'Tips'}</Badge>
              </Td>
              <Td className="max-w-64">{workshopName(asset.workshopDateId)}</Td>
              <Td>
                <div className="flex flex-wrap gap-1.5">
                  <button
                    type="button"
                    className={smallButtonClasses('ghost')}
                    aria-label={`Move ${asset.title} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={smallButtonClasses('ghost')}
                    aria-label={`Move ${asset.title} down`}
                    disabled={index === shown.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button type="button" className={smallButtonClasses('ghost')} aria-label={`Edit ${asset.title}`} onClick={() => openDialog(asset)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </button>
                  <button type="button" className={smallButtonClasses('ghost')} aria-label={`Delete ${asset.title}`} onClick={() => setToDelete(asset)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => openDialog(null)}>
          <Plus aria-hidden="true" className="size-4" />
          Add Asset
        </button>
        <div className="w-full sm:w-80">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-bold">
            Workshop
          </label>
          <select id={filterId} className={controlClasses} value={filter} onChange={(event) => setFilter(event.target.value)}>
            <option value="">All workshops</option>
            {workshops.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filter !== '' ? (
        <p className="mb-3 text-sm text-ink-soft">This workshop's own assets and those for all workshops, in the order its participants see them.</p>
      ) : null}

      {content}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <WorkshopAssetDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        editing={dialog.editing}
        workshops={workshops}
        defaultWorkshopDateId={filter}
        nextSortOrder={nextSortOrder}
        busy={creation.isPending || update.isPending}
        onSubmit={save}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete "${toDelete.title}"?` : 'Delete workshop asset?'}
        description="Participants no longer see it on their booking page."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
