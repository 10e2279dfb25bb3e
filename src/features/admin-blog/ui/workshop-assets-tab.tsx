import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { FilterSelect } from '../../../client/components/ui/form';
import { DeleteConfirmation, EditDeleteActions, ResourceTable, StartHint, type Column, ResourceToolbar } from '../../../client/components/ui/resource-view';
import { failureToast } from '../../../client/components/ui/toast-store';
import { useAdminResource, useResourceEditor, namedTexts } from '../../../client/lib/admin-resource';
import { adminWorkshopDatesQueryOptions } from '../../admin-workshops/ui';
import type { AdminWorkshopAsset } from '../admin-blog.schema';
import { workshopAssetsResource, type WorkshopAssetPayload } from './api/blog-resources';
import { useReorderWorkshopAssets } from './api/reorder-workshop-assets';
import { WorkshopAssetDialog, type WorkshopOption } from './components/workshop-asset-dialog';

/** By sortOrder, then id: the order participants see. */
const byOrder = (a: AdminWorkshopAsset, b: AdminWorkshopAsset) => a.sortOrder - b.sortOrder || a.id - b.id;

const TEXTS = namedTexts<AdminWorkshopAsset>(workshopAssetsResource.names, {
  created: (created) => `"${created.title}" is shown to ${created.workshopDateId === null ? 'participants of every workshop' : 'participants of that workshop'}.`,
  updated: (updated) => `"${updated.title}" was saved.`,
  deleted: (deleted) => `"${deleted.title}" was deleted.`,
});

/**
 * The Workshop Assets tab: slides and tips for one workshop date or for all. The filter shows
 * every asset, or what the participants of one date see (its own and those for all workshops),
 * in their order; up and down renumber the shown list in one call.
 */
export default function WorkshopAssetsTab() {
  const filterId = useId();
  const resource = useAdminResource<AdminWorkshopAsset, WorkshopAssetPayload>(workshopAssetsResource);
  const editor = useResourceEditor(resource, TEXTS);
  const datesQuery = useQuery(adminWorkshopDatesQueryOptions());
  const reorder = useReorderWorkshopAssets();
  const [filter, setFilter] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const workshops: WorkshopOption[] = useMemo(
    () =>
      (datesQuery.data ?? []).map((date) => ({
        value: String(date.id),
        label: `${date.title} — ${date.isTBC || !date.date ? 'TBC' : date.date}${date.isActive ? '' : ' (inactive)'}`,
      })),
    [datesQuery.data],
  );
  const filterOptions = [{ value: '', label: 'All workshops' }, ...workshops];
  const workshopName = (id: number | null) =>
    id === null ? 'All workshops' : (workshops.find((option) => option.value === String(id))?.label ?? `Workshop #${id}`);

  const { data: assets } = resource.list;
  const shown = useMemo(() => {
    const all = assets ?? [];
    const filtered = filter === '' ? all : all.filter((asset) => asset.workshopDateId === null || String(asset.workshopDateId) === filter);
    return [...filtered].sort(byOrder);
  }, [assets, filter]);
  const nextSortOrder = shown.length === 0 ? 0 : Math.max(...shown.map((asset) => asset.sortOrder)) + 1;

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

  const columns: Column<AdminWorkshopAsset>[] = [
    {
      header: 'Order',
      className: 'tabular-nums',
      cell: (asset, index) => (
        <>
          {index + 1}
          <span className="ml-1 text-xs text-ink-soft">({asset.sortOrder})</span>
        </>
      ),
    },
    {
      header: 'Title',
      className: 'max-w-80',
      cell: (asset) => (
        <>
          <span className="font-bold">{asset.title}</span>
          {asset.description ? <span className="block text-xs text-ink-soft">{asset.description}</span> : null}
        </>
      ),
    },
    { header: 'Type', cell: (asset) => <Badge tone={asset.type === 'slides' ? 'secondary' : 'paper'}>{asset.type === 'slides' ? 'Slides' : 'Tips'}</Badge> },
    { header: 'Workshop', className: 'max-w-64', cell: (asset) => workshopName(asset.workshopDateId) },
  ];

  return (
    <div>
      <ResourceToolbar add={{ label: 'Add Asset', onClick: editor.openNew }}>
        <FilterSelect id={filterId} label="Workshop" className="w-full sm:w-80" value={filter} options={filterOptions} onChange={setFilter} />
      </ResourceToolbar>
      {filter !== '' ? (
        <p className="mb-3 text-sm text-ink-soft">This workshop's own assets and those for all workshops, in the order its participants see them.</p>
      ) : null}

      <ResourceTable
        resource={resource}
        rows={shown}
        empty={{
          title: filter === '' ? 'No workshop assets yet' : 'No assets for this workshop yet',
          children: <StartHint lead="Add slides or tips with" add="Add Asset" hint="participants see them on their booking page." />,
        }}
        columns={columns}
        rowActions={(asset, index) => (
          <EditDeleteActions row={asset} name={asset.title} editor={editor}>
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
          </EditDeleteActions>
        )}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <WorkshopAssetDialog
        key={editor.opening}
        {...editor.form}
        workshops={workshops}
        defaultWorkshopDateId={filter}
        nextSortOrder={nextSortOrder}
        onSubmit={editor.save}
      />

      <DeleteConfirmation deletion={editor.deletion} title={(asset) => `Delete "${asset.title}"?`} description="Participants no longer see it on their booking page." />
    </div>
  );
}
