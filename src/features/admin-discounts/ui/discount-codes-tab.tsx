import { Power, PowerOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { DeleteConfirmation, EditDeleteActions, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { ADMIN_FRESH_MS } from '../../../client/lib/admin-queries';
import { useAdminResource, useResourceEditor, type AdminResource, namedTexts } from '../../../client/lib/admin-resource';
import { refusalMessage } from '../../../client/lib/api-client';
import { CODE_DUPLICATE, discountCodeSchema, type DiscountCode, type DiscountCodeInput, type DiscountCodeUpdate } from '../admin-discounts.schema';
import { expiryText, isExpired, isUsedUp, usageText } from '../discount-labels';
import { DiscountCodeDialog, type DiscountCodeSubmit } from './components/discount-code-dialog';

/** Loaded when the tab first opens, fresh for 5 minutes. */
const discountCodesResource: AdminResource<DiscountCode> = {
  path: '/api/admin/discount-codes',
  names: { one: 'Discount Code', many: 'Discount Codes' },
  rowSchema: discountCodeSchema,
  freshMs: ADMIN_FRESH_MS.discountCodes,
};

const TEXTS = namedTexts<DiscountCode>(discountCodesResource.names, {
  created: (created) => `${created.code} gives ${created.discountPercent}% off.`,
  updated: (updated) => `${updated.code} was saved.`,
  deleted: (deleted) => `${deleted.code} was deleted. Bookings that used it keep it on record.`,
});

const switched = (updated: DiscountCode) => ({ title: 'Discount Code Updated', description: `${updated.code} is now ${updated.isActive ? 'active' : 'inactive'}.` });

/**
 * The Discount Codes tab: every code with its usage and expiry; add, edit,
 * activate or deactivate, delete. Read when the tab first opens, fresh for 5 minutes.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function DiscountCodesTab({ csvActions }: { csvActions?: ReactNode }) {
  const resource = useAdminResource<DiscountCode, DiscountCodeInput, DiscountCodeUpdate>(discountCodesResource);
  const editor = useResourceEditor(resource, TEXTS);
  // Read once per render of the list, so every row judges "expired" against the same instant.
  const [now] = useState(() => Date.now());
  // Activating a code past its expiry date asks first: it would still not work at checkout.
  const [activatingExpired, setActivatingExpired] = useState<DiscountCode | null>(null);

  const save = ({ values, expiryChanged, setCodeError }: DiscountCodeSubmit) => {
    const changes: DiscountCodeUpdate = { ...values };
    if (!expiryChanged) delete changes.expiresAt;
    editor.save(values, {
      changes,
      onRefused: (error) => {
        if (refusalMessage(error) === CODE_DUPLICATE) setCodeError(CODE_DUPLICATE);
      },
    });
  };

  const toggle = (code: DiscountCode) => {
    if (!code.isActive && isExpired(code.expiresAt, now)) setActivatingExpired(code);
    else editor.change(code, { isActive: !code.isActive }, switched);
  };

  const columns: Column<DiscountCode>[] = [
    { header: 'Code', className: 'font-mono font-bold', cell: (code) => code.code },
    { header: 'Description', className: 'max-w-72', cell: (code) => code.description },
    { header: 'Discount', className: 'tabular-nums', cell: (code) => `${code.discountPercent}%` },
    {
      header: 'Usage',
      className: 'whitespace-nowrap tabular-nums',
      cell: (code) => (
        <>
          {usageText(code)}
          {isUsedUp(code) ? (
            <Badge tone="paper" className="ml-2">
              Used up
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      header: 'Expiration',
      className: 'whitespace-nowrap',
      cell: (code) => (
        <>
          {code.expiresAt ? <time dateTime={code.expiresAt}>{expiryText(code.expiresAt)}</time> : expiryText(null)}
          {isExpired(code.expiresAt, now) ? (
            <Badge tone="ink" className="ml-2">
              Expired
            </Badge>
          ) : null}
        </>
      ),
    },
    { header: 'Status', cell: (code) => <Badge tone={code.isActive ? 'success' : 'paper'}>{code.isActive ? 'Active' : 'Inactive'}</Badge> },
  ];

  return (
    <>
      <ResourceTable
        resource={resource}
        start={{ add: 'Add Discount Code', onAdd: editor.openNew, lead: 'Add a code with', hint: 'buyers type it at checkout.' }}
        tools={csvActions}
        columns={columns}
        rowActions={(code) => (
          <EditDeleteActions row={code} name={code.code} editor={editor}>
            <button
              type="button"
              className={smallButtonClasses('secondary')}
              aria-label={`${code.isActive ? 'Deactivate' : 'Activate'} ${code.code}`}
              disabled={editor.changingId === code.id}
              onClick={() => toggle(code)}
            >
              {code.isActive ? <PowerOff aria-hidden="true" className="size-4" /> : <Power aria-hidden="true" className="size-4" />}
              {code.isActive ? 'Deactivate' : 'Activate'}
            </button>
          </EditDeleteActions>
        )}
      />

      <DiscountCodeDialog key={editor.opening} {...editor.form} onSubmit={save} />

      <ConfirmDialog
        open={activatingExpired !== null}
        onOpenChange={(open) => {
          if (!open) setActivatingExpired(null);
        }}
        title={activatingExpired ? `Activate ${activatingExpired.code}? It has expired` : ''}
        description={
          activatingExpired
            ? `${activatingExpired.code} expired on ${expiryText(activatingExpired.expiresAt)}, so buyers still cannot use it while it is active. Edit it to give it a later expiration date.`
            : ''
        }
        confirmLabel="Activate anyway"
        onConfirm={() => {
          if (activatingExpired) editor.change(activatingExpired, { isActive: true }, switched);
          setActivatingExpired(null);
        }}
      />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(code) => `Delete ${code.code}?`}
        description="The code stops working at checkout at once. Bookings that used it keep the code and their prices."
      />
    </>
  );
}
