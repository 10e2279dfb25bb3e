import { useSearch } from 'wouter';
import { routeMetaFor } from '../../../common/route-meta';
import { CheckoutScreen, OfferCheckout } from '../../../features/booking/ui/checkout/checkout-screen';
import { OfferCheckoutGate } from '../../../features/waitlist/ui/offer-checkout-gate';
import { offerTokenFrom } from '../../../features/waitlist/ui/waitlist-text';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

/**
 * /checkout: the booking feature's checkout, from the booking form, from a pay-later link, or
 * (`?offer=`) from a waiting-list offer, which the waiting list reads before the checkout starts.
 */
export default function CheckoutPage() {
  useRouteMeta(routeMetaFor('/checkout'));
  const offerToken = offerTokenFrom(useSearch());
  if (offerToken) {
    return (
      <OfferCheckoutGate key={offerToken} token={offerToken}>
        {(offer) => <OfferCheckout offer={offer} />}
      </OfferCheckoutGate>
    );
  }
  return <CheckoutScreen />;
}
