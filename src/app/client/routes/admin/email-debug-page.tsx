import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { Spinner } from '../../../../client/components/ui/spinner';

const EmailDebugTool = lazy(() => import('../../../../features/email-templates/ui/email-debug-page'));

/** /email-debug: admin only (the guard wraps it); the tool is the email-templates feature's. */
export default function EmailDebugPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Email Debugging</h1>
        <Link href="/admin" className={smallButtonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to dashboard
        </Link>
      </header>
      <Suspense fallback={<Spinner label="Loading the e-mail tools…" />}>
        <EmailDebugTool />
      </Suspense>
    </div>
  );
}
