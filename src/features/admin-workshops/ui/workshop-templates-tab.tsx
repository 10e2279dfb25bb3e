
import { useEffect } from 'react';

import { DeleteConfirmation, EditDeleteActions, ResourceTable, type Column, ResourceToolbar } from '../../../client/components/ui/resource-view';
import { toast } from '../../../client/components/ui/toast-store';
import { useAdminResource, useResourceEditor, type ResourceTexts } from '../../../client/lib/admin-resource';
import { expertiseLabels } from '../../workshops';
import type { UpdateWorkshopTemplateInput, WorkshopTemplate, WorkshopTemplateForm } from '../workshop-templates.schema';
import { workshopTemplatesResource } from './api/workshop-templates-resource';
import { TemplateFormDialog } from './components/template-form-dialog';
import { failureDescription, TEMPLATE_TOASTS } from './workshop-texts';

const TEXTS: ResourceTexts<WorkshopTemplate> = {
  created: (created) => ({ title: TEMPLATE_TOASTS.created, description: `${created.title} has been saved.` }),
  updated: (updated) => ({ title: TEMPLATE_TOASTS.updated, description: `${updated.title} has been saved.` }),
  deleted: (deleted) => ({ title: TEMPLATE_TOASTS.deleted, description: `${deleted.title} has been deleted.` }),
  createFailed: TEMPLATE_TOASTS.createFailed,
  updateFailed: TEMPLATE_TOASTS.updateFailed,
  deleteFailed: TEMPLATE_TOASTS.deleteFailed,
  // 'Error', then what failed with the server's reason (spec §8's wording).
  failure: (text, error) => ({ title: TEMPLATE_TOASTS.errorTitle, description: failureDescription(text, error), variant: 'destructive' }),
};

const COLUMNS: Column<WorkshopTemplate>[] = [
  { header: 'Title', className: 'font-bold', cell: (template) => template.title },
  { header: 'Expertise level', cell: (template) => expertiseLabels[template.expertiseLevel] },
  { header: 'Default seats', className: 'tabular-nums', cell: (template) => template.defaultSeats },
];

/** The Workshop Templates tab: what new workshop dates can start from. */
export default function WorkshopTemplatesTab() {
  const resource = useAdminResource<WorkshopTemplate, WorkshopTemplateForm, UpdateWorkshopTemplateInput>(workshopTemplatesResource);
  const editor = useResourceEditor(resource, TEXTS);

  const { isError, errorUpdatedAt } = resource.list;
  useEffect(() => {
    if (isError) toast({ title: TEMPLATE_TOASTS.errorTitle, description: TEMPLATE_TOASTS.loadFailed, variant: 'destructive' });
  }, [isError, errorUpdatedAt]);

  return (
    <div>
      <ResourceToolbar add={{ label: 'Add Template', onClick: editor.openNew }} />

      <ResourceTable
        resource={resource}
        loadFailed={TEMPLATE_TOASTS.loadFailed}
        empty={{ title: 'No templates yet', children: 'Use Add Template to save a workshop you run often.' }}
        columns={COLUMNS}
        rowActions={(template) => <EditDeleteActions row={template} name={template.title} editor={editor} />}
      />

      <TemplateFormDialog key={editor.opening} {...editor.form} />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={() => 'Delete this template?'}
        description={(template) => `${template.title} will be deleted. Workshop dates made from it keep their details.`}
      />
    </div>
  );
}
