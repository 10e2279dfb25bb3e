import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../../client/components/ui/spinner';
import { toast } from '../../../client/components/ui/toast-store';
import { useAuthStatus } from './api/get-auth-status';
import { AUTH_ERROR, AUTH_REQUIRED, LOGIN_PATH, VERIFYING_ACCESS } from './admin-texts';

/**
 * The admin guard for /admin and /email-debug: asks the server who the user is, shows
 * 'Verifying access...' meanwhile, and sends anyone who is not an admin to the login. The server
 * guards every admin call on its own; this only decides what the screen shows.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data, isPending, isFetching, isError } = useAuthStatus();
  const [, navigate] = useLocation();
  const isAdmin = data?.authenticated === true && data.user?.isAdmin === true;
  // An earlier "no" (say, from the login screen a moment before signing in) is only believed once
  // the server has been asked again.
  const checking = isPending || (isFetching && !isAdmin);
  const refusal = checking || isAdmin ? null : isError ? AUTH_ERROR : AUTH_REQUIRED;

  useEffect(() => {
    if (!refusal) return;
    toast({ ...refusal, variant: 'destructive' });
    navigate(LOGIN_PATH, { replace: true });
  }, [refusal, navigate]);

  if (checking) return <Spinner label={VERIFYING_ACCESS} className="min-h-[60vh]" />;
  if (refusal) {
    return (
      <div role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <ShieldAlert aria-hidden="true" className="size-10" />
        <p className="text-lg font-extrabold">{refusal.title}</p>
        <p className="text-ink-soft">{refusal.description}</p>
      </div>
    );
  }
  return <>{children}</>;
}
