import { useId } from 'react';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { Dialog, openWhile, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { ApiError } from '../../../../client/lib/api-client';
import { useAdminOrder } from '../api/get-admin-order';
import { OrderDetails } from './order-details';

/** The order a row opened: its id to read, its reference for the title while it loads, and the button that opened it. */
export type OpenedOrder = { orderId: number; reference: string; from?: HTMLElement | null };

function OrderSkeleton() {
  return (
    <div className="space-y-3">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  );
}

/** The panel's body: a skeleton while the order loads, what went wrong, or the order. */
export function OrderBody({ orderId }: { orderId: number }) {
  const idPrefix = useId();
  const order = useAdminOrder(orderId);
  if (order.isPending) {
    return (
      <LoadingRegion label="Loading the order">
        <OrderSkeleton />
      </LoadingRegion>
    );
  }
  if (order.isError) {
    const gone = order.error instanceof ApiError && order.error.status === 404;
    return gone ? (
      <ErrorState message="This order is not on record any more." />
    ) : (
      <ErrorState message="Failed to load the order. Please try again." onRetry={() => void order.refetch()} />
    );
  }
  return <OrderDetails order={order.data} idPrefix={idPrefix} />;
}

/**
 * The order behind a booking, opened from its row: the buyer, the payment, what was paid and
 * refunded, and every seat. A dialog of the UI kit (focus kept inside; Escape, Close and Done
 * give it back to the row's button), read afresh each time it opens.
 */
export function OrderDialog({ opened, onClose }: { opened: OpenedOrder | null; onClose: () => void }) {
  const close = () => {
    const from = opened?.from;
    onClose();
    // The kit's dialog has no trigger of its own to give focus back to, so keyboard users would
    // land at the top of the page: back to the row's button, once the dialog has gone.
    if (from) window.setTimeout(() => from.isConnected && from.focus(), 0);
  };
  return (
    <Dialog
      {...openWhile(opened, close)}
      size="lg"
      title={opened ? `Order ${opened.reference}` : 'Order'}
      description="The buyer, the payment and every seat of this order."
      footer={
        <button type="button" className={smallButtonClasses('secondary')} onClick={close}>
          Done
        </button>
      }
    >
      {opened ? <OrderBody orderId={opened.orderId} /> : null}
    </Dialog>
  );
}
