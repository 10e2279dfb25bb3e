import { Star } from 'lucide-react';
import { Badge } from '../../../../client/components/ui/badge';
import { DataTable, Pagination, TableHead, Td, usePagination } from '../../../../client/components/ui/data-table';
import type { AdminWorkshopDate } from '../../admin-workshops.schema';
import { WorkshopRowActions } from './workshop-row-actions';

type WorkshopDatesTableProps = {
  workshops: readonly AdminWorkshopDate[];
  /** The id whose change is on its way; its buttons wait. */
  busyId: number | null;
  onEdit: (workshop: AdminWorkshopDate) => void;
  onToggleActive: (workshop: AdminWorkshopDate) => void;
  onToggleFeatured: (workshop: AdminWorkshopDate) => void;
  onDelete: (workshop: AdminWorkshopDate) => void;
};

/** '499' or '4.50': the column header already says ($). */
function priceText(price: number): string {
  return Number.isInteger(price) ? price.toLocaleString('en-US') : price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Columns exactly as spec §2: Date, Time, Timezone, Seats, Price ($), Status, Featured, Actions. */
export function WorkshopDatesTable({ workshops, busyId, onEdit, onToggleActive, onToggleFeatured, onDelete }: WorkshopDatesTableProps) {
  const pages = usePagination(workshops);
  return (
    <>
      <DataTable label="Workshop dates" actions>
        <TableHead headers={['Date', 'Time', 'Timezone', 'Seats', 'Price ($)', 'Status', 'Featured', 'Actions']} />
        <tbody>
          {pages.pageRows.map((workshop) => {
            // Also an older row saved without a date or time reads as TBC, as visitors see it.
            const tbc = workshop.isTBC || !workshop.date || !workshop.time;
            return (
              <tr key={workshop.id} data-workshop-id={workshop.id}>
                <Td>
                  <span className="block font-bold whitespace-nowrap">{tbc ? 'TBC' : workshop.date}</span>
                  <span className="block max-w-64 truncate text-xs text-ink-soft" title={workshop.title}>
                    {workshop.title}
                  </span>
                </Td>
                <Td className="whitespace-nowrap">
                  {tbc ? 'TBC' : workshop.time}
                  {!tbc && workshop.endsNextDay ? <span className="block text-xs text-ink-soft">ends the next day</span> : null}
                </Td>
                <Td className="whitespace-nowrap">
                  {workshop.timezone}
                  {/* The abbreviation in force that day, when it differs from what was typed ('PST' in July is PDT). */}
                  {workshop.timeZoneAbbreviation && workshop.timeZoneAbbreviation !== workshop.timezone ? (
                    <span className="block text-xs text-ink-soft">{workshop.timeZoneAbbreviation} that day</span>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {workshop.seatsTaken} / {workshop.seatsTotal}
                </Td>
                <Td className="tabular-nums">{priceText(workshop.price)}</Td>
                <Td>{workshop.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="paper">Inactive</Badge>}</Td>
                <Td>
                  {workshop.isFeatured ? (
                    <Badge tone="accent">
                      <Star aria-hidden="true" className="size-3.5 fill-current" />
                      Featured
                    </Badge>
                  ) : (
                    <span className="text-ink-soft">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Not featured</span>
                    </span>
                  )}
                </Td>
                <Td>
                  <WorkshopRowActions
                    workshop={workshop}
                    busy={busyId === workshop.id}
                    onEdit={() => onEdit(workshop)}
                    onToggleActive={() => onToggleActive(workshop)}
                    onToggleFeatured={() => onToggleFeatured(workshop)}
                    onDelete={() => onDelete(workshop)}
                  />
                </Td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <Pagination {...pages} noun="workshops" />
    </>
  );
}
