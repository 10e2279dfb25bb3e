import { routeMetaFor } from '../../../common/route-meta';
import { CheckoutScreen } from '../../../features/booking/ui/checkout/checkout-screen';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

/** /checkout: the booking feature's checkout, from the booking form or from a pay-later link. */
export default function CheckoutPage() {
  useRouteMeta(routeMetaFor('/checkout'));
  return <CheckoutScreen />;
}
