import { useParams } from 'wouter';
import { CLAIM_PATH_PREFIX, routeMetaFor } from '../../../common/route-meta';
import { ClaimSeatScreen } from '../../../features/booking/ui/components/claim-seat-screen';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

/** /claim/{token}: the link of an unnamed seat, where a colleague puts their own name on it. */
export default function ClaimPage() {
  const { token = '' } = useParams<{ token: string }>();
  useRouteMeta(routeMetaFor(`${CLAIM_PATH_PREFIX}${token}`));
  return <ClaimSeatScreen key={token} token={token} />;
}
