import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cx } from './cx';
import { dismissToast, useToasts } from './toast-store';

const TOAST_DURATION_MS = 5000;

/** Renders the toast queue: 5000 ms each, swipe 50 px to dismiss, F8 jumps to the region. */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeThreshold={50} swipeDirection="right">
      {toasts.map((item) => {
        const destructive = item.variant === 'destructive';
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            type={destructive ? 'foreground' : 'background'}
            className={cx(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-brutal border-2 border-ink p-4 pr-12 shadow-brutal',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-toast-out',
              destructive ? 'bg-danger text-white' : 'bg-paper text-ink',
            )}
          >
            <div className="grid flex-1 gap-1">
              <ToastPrimitive.Title className="font-extrabold">{item.title}</ToastPrimitive.Title>
              {item.description && (
                <ToastPrimitive.Description className="text-sm">{item.description}</ToastPrimitive.Description>
              )}
            </div>
            {item.action && (
              <ToastPrimitive.Action
                altText={item.action.altText}
                onClick={item.action.onClick}
                className="min-h-11 shrink-0 self-center rounded-brutal border-2 border-current px-3 text-xs font-extrabold uppercase tracking-label"
              >
                {item.action.label}
              </ToastPrimitive.Action>
            )}
            <ToastPrimitive.Close
              aria-label="Close"
              className="absolute top-1.5 right-1.5 inline-flex size-11 items-center justify-center rounded-brutal"
            >
              <X aria-hidden="true" className="size-5" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* At the foot of the screen on every width: over the header, a toast hid the navigation and the
          page title it was about. */}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none sm:max-w-md" />
    </ToastPrimitive.Provider>
  );
}
