import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { DataTable, EmptyState, ErrorState, TableSkeleton, Td, Th } from '../../../client/components/ui/data-table';
import { toast } from '../../../client/components/ui/toast-store';
import { expertiseLabels } from '../../workshops/workshops.schema';
import type { WorkshopTemplate } from '../workshop-templates.schema';
import { useDeleteWorkshopTemplate } from './api/delete-workshop-template';
import { useWorkshopTemplates } from './api/get-workshop-templates';
import { TemplateFormDialog } from './components/template-form-dialog';
import { failureDescription, TEMPLATE_TOASTS } from './workshop-texts';

type Editing = { template: WorkshopTemplate | null } | null;

/** The Workshop Templates tab: what new workshop dates can start from. */
export default function WorkshopTemplatesTab() {
  const templates = useWorkshopTemplates();
  const deleteTemplate = useDeleteWorkshopTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WorkshopTemplate | null>(null);

  const { isError, errorUpdatedAt } = templates;
  useEffect(() => {
    if (isError) toast({ title: TEMPLATE_TOASTS.errorTitle, description: TEMPLATE_TOASTS.loadFailed, variant: 'destructive' });
  }, [isError, errorUpdatedAt]);

  const confirmDelete = () => {
    if (!deleting) return;
    const { title } = deleting;
    deleteTemplate.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: TEMPLATE_TOASTS.deleted, description: `${title} has been deleted.` });
      },
      onError: (error) =>
        toast({ title: TEMPLATE_TOASTS.errorTitle, description: failureDescription(TEMPLATE_TOASTS.deleteFailed, error), variant: 'destructive' }),
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setEditing({ template: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Template
        </button>
      </div>

      {templates.isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Loading workshop templates…</span>
          <TableSkeleton rows={3} />
        </div>
      ) : templates.isError ? (
        <ErrorState message={TEMPLATE_TOASTS.loadFailed} onRetry={() => void templates.refetch()} />
      ) : templates.data.length === 0 ? (
        <EmptyState title="No templates yet">Use Add Template to save a workshop you run often.</EmptyState>
      ) : (
        <DataTable label="Workshop templates" actions>
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Expertise level</Th>
              <Th>Default seats</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {templates.data.map((template) => (
              <tr key={template.id}>
                <Td className="font-bold">{template.title}</Td>
                <Td>{expertiseLabels[template.expertiseLevel]}</Td>
                <Td className="tabular-nums">{template.defaultSeats}</Td>
                <Td>
                  <div className="flex flex-nowrap gap-1.5">
                    <button type="button" className={smallButtonClasses('secondary')} onClick={() => setEditing({ template })}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </button>
                    <button
                      type="button"
                      className={smallButtonClasses('ghost', 'text-danger')}
                      onClick={() => setDeleting(template)}
                      disabled={deleteTemplate.isPending && deleteTemplate.variables === template.id}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                    </button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <TemplateFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} template={editing?.template ?? null} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this template?"
        description={deleting ? `${deleting.title} will be deleted. Workshop dates made from it keep their details.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={deleteTemplate.isPending}
      />
    </div>
  );
}
