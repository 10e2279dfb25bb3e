import { useParams } from 'wouter';
import { routeMetaFor, WAITLIST_PATH_PREFIX } from '../../../common/route-meta';
import { useRouteMeta } from '../../../client/lib/use-route-meta';
import { WaitlistScreen } from '../../../features/waitlist/ui/waitlist-screen';

/** /waitlist/{token}: the waiting-list e-mails' link, to see one's place, book an offer or leave. */
export default function WaitlistPage() {
  const { token = '' } = useParams<{ token: string }>();
  useRouteMeta(routeMetaFor(`${WAITLIST_PATH_PREFIX}${token}`));
  return <WaitlistScreen key={token} token={token} />;
}
