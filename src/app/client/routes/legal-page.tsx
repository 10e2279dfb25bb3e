import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { formatLongDate } from '../../../common/dates';
import { routeMetaFor } from '../../../common/route-meta';
import { LEGAL_PAGES, legalPageSchema, type LegalPage } from '../../../features/settings';
import { Markdown } from '../../../client/components/markdown';
import { ErrorState } from '../../../client/components/ui/data-table';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { apiGet } from '../../../client/lib/api-client';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

const pageAt = (path: string): LegalPage => (Object.keys(LEGAL_PAGES) as LegalPage[]).find((page) => LEGAL_PAGES[page].path === path) ?? 'privacy';

/** /privacy, /terms and /cookies: the footer's pages, in the words the admin wrote (markdown). */
export default function LegalPageRoute() {
  const [path] = useLocation();
  const page = pageAt(path);
  const { title } = LEGAL_PAGES[page];
  useRouteMeta(routeMetaFor(path));
  const query = useQuery({ queryKey: ['/api/legal', page], queryFn: () => apiGet(`/api/legal/${page}`, legalPageSchema), staleTime: 60_000 });

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <Link href="/" className="inline-flex min-h-11 items-center gap-2 font-bold underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
      <h1 className="mt-6 text-4xl font-black tracking-tight sm:text-5xl">{title}</h1>
      {query.isPending ? (
        <LoadingRegion label={`Loading the ${title.toLowerCase()}`} className="mt-8 grid gap-3">
          {['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-2/3'].map((width, index) => (
            <Skeleton key={index} className={`h-4 ${width}`} />
          ))}
        </LoadingRegion>
      ) : query.isError ? (
        <div className="mt-8">
          <ErrorState message={`The ${title.toLowerCase()} could not be loaded. Please try again.`} onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <>
          {query.data.updatedAt ? <p className="mt-3 text-sm text-ink-soft">Last updated {formatLongDate(query.data.updatedAt)}</p> : null}
          <Markdown source={query.data.content} headingLevel={2} className="mt-8 space-y-4 text-lg leading-relaxed" />
        </>
      )}
    </div>
  );
}
