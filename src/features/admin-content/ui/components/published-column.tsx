import type { Column } from '../../../../client/components/ui/resource-view';
import { RowSwitch } from '../../../../client/components/ui/switch';
import type { ToastInput } from '../../../../client/components/ui/toast-store';

type RowChanges<Row> = {
  /** The row whose switch change is on its way (useResourceEditor's changingId). */
  changingId: number | null;
  change: (row: Row, changes: { isPublished: boolean }, said: (updated: Row) => ToastInput) => void;
};

/** The Published column of a list the landing page shows: a switch per row, named after the row. */
export function publishedColumn<Row extends { id: number; isPublished: boolean }>(editor: RowChanges<Row>, name: (row: Row) => string, said: (updated: Row) => ToastInput): Column<Row> {
  return {
    header: 'Published',
    cell: (row) => (
      <RowSwitch
        label={`Published: ${name(row)}`}
        stateText={row.isPublished ? 'Published' : 'Hidden'}
        checked={row.isPublished}
        disabled={editor.changingId === row.id}
        onCheckedChange={(isPublished) => editor.change(row, { isPublished }, said)}
      />
    ),
  };
}
