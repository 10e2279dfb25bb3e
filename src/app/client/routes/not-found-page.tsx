import { Link, useLocation } from 'wouter';
import { routeMetaFor } from '../../../common/route-meta';
import { buttonClasses } from '../../../client/components/ui/button';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

export function NotFoundPage() {
  const [location] = useLocation();
  useRouteMeta(routeMetaFor(location));
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <p aria-hidden="true" className="font-mono text-7xl font-black">
        404
      </p>
      <h1 className="mt-4 text-3xl font-black tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-ink-soft">Did you forget to add the page to the router?</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </div>
  );
}
