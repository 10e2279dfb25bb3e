import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cx } from './cx';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** One line under the title; also the dialog's accessible description. */
  description?: string;
  children: ReactNode;
  /** Buttons row at the bottom (Cancel, Save…). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
};

/**
 * A modal dialog for create and edit forms (Radix: focus trap, Escape, aria wiring). The body
 * scrolls inside the viewport, so long forms stay usable on a phone.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps) {
  // The element that had the focus when the dialog opened (the button that opened it), to hand the
  // focus back to on close. Radix does so only for its own Trigger; these dialogs open from state.
  const opener = useRef<HTMLElement | null>(null);
  // Called as the dialog mounts, before it moves the focus inside: the focus is still the opener's.
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix would warn; undefined tells it there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-brutal border-2 border-ink bg-paper shadow-brutal-lg outline-none',
            size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b-2 border-ink px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-extrabold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-ink-soft">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-brutal hover:bg-paper-deep" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-3 border-t-2 border-ink px-5 py-4">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The footer of a form dialog: Cancel closes it, the primary button submits the form (by id, as
 * the form sits in the dialog's scrolling body) and says what it is doing while busy.
 */
/**
 * A dialog shown while something is chosen (a booking, a note, a recipient): open while `subject`
 * is set; closing it (Escape, Cancel, the backdrop) hands back to `onClose`.
 */
export function openWhile(subject: unknown, onClose: () => void): Pick<DialogProps, 'open' | 'onOpenChange'> {
  return { open: subject !== null && subject !== undefined, onOpenChange: (open) => (open ? undefined : onClose()) };
}

export function FormDialogFooter({ formId, busy, label, busyLabel = 'Saving…', onCancel }: { formId: string; busy: boolean; label: string; busyLabel?: string; onCancel: () => void }) {
  return (
    <>
      <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form={formId} className={smallButtonClasses('primary')} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

type FormButtonsProps = {
  onCancel: () => void;
  cancelLabel?: string;
  label: string;
  busy: boolean;
  busyLabel: string;
  tone?: SmallButtonTone;
  /** Beside the submit button's word ('Send' with its paper plane). */
  icon?: ReactNode;
  disabled?: boolean;
};

/** A form's buttons at its end: the way out, then the submit button naming what it does (and what it is doing while busy). */
export function FormButtons({ onCancel, cancelLabel = 'Cancel', label, busy, busyLabel, tone = 'primary', icon, disabled }: FormButtonsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={smallButtonClasses(tone)} disabled={busy || disabled}>
        {icon}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
};

/** "Are you sure?" before a destructive action; the confirm button is the danger colour. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, busy }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="button" className={smallButtonClasses('danger')} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <span className="sr-only">{description}</span>
    </Dialog>
  );
}

export type SmallButtonTone = 'primary' | 'secondary' | 'danger' | 'ghost';

const smallTones: Record<SmallButtonTone, string> = {
  primary: 'border-2 border-ink bg-accent text-ink shadow-brutal-sm',
  secondary: 'border-2 border-ink bg-white text-ink shadow-brutal-sm',
  danger: 'border-2 border-ink bg-danger text-paper shadow-brutal-sm',
  ghost: 'border-2 border-transparent bg-transparent text-ink hover:bg-paper-deep',
};

/**
 * The quieter button of the admin and participant areas (DESIGN: same tokens, quieter): 44 px
 * tall, a small shadow that presses in. The accent is for the one primary action. Upper case with
 * letter spacing like every button (docs/decisions/026-button-casing.md): the
 * casing is the style's, the text stays as written, so what a screen reader and a test read is
 * the source text.
 */
export function smallButtonClasses(tone: SmallButtonTone = 'secondary', extra?: string): string {
  return cx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-brutal px-3 py-1.5 text-sm font-bold uppercase tracking-label',
    'transition-[translate,box-shadow] duration-100 active:translate-x-0.5 active:translate-y-0.5 active:shadow-none',
    'disabled:cursor-not-allowed disabled:opacity-50',
    smallTones[tone],
    extra,
  );
}
