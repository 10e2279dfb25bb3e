import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../client/lib/api-client';
import { TextField } from '../../../client/components/ui/form';
import { Button } from '../../../client/components/ui/button';
import { Spinner } from '../../../client/components/ui/spinner';
import { toast } from '../../../client/components/ui/toast-store';
import { LOGIN_FAILED, LOGIN_MISSING_FIELDS, LOGIN_SUCCESSFUL, SECOND_STEP_EXPIRED, TOTP_CODE_REQUIRED } from '../admin-auth.schema';
import { authStatusQueryKey, useAuthStatus } from './api/get-auth-status';
import { useLogin, useLoginWithCode } from './api/login';
import { ALREADY_LOGGED_IN, CONTACT_ADMIN_NOTE, DASHBOARD_PATH, REDIRECT_DELAY_MS, VERIFYING_LOGIN } from './admin-texts';

/** The server's message for a refused login (e.g. too many attempts), or the spec's text. */
function failureMessage(error: unknown): string {
  return (error instanceof ApiError && error.field('message')) || LOGIN_FAILED;
}

/**
 * /admin/login2: checks for a session first; an admin already signed in moves on to the
 * dashboard. Otherwise e-mail and password, then — when the admin has turned on two-step sign-in —
 * the code from their authenticator app.
 */
export default function AdminLoginPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const status = useAuthStatus();
  const login = useLogin();
  const loginWithCode = useLoginWithCode();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [failure, setFailure] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  const alreadyAdmin = status.data?.authenticated === true && status.data.user?.isAdmin === true;
  const done = signedIn || alreadyAdmin;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(DASHBOARD_PATH), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const succeed = () => {
    // The "not signed in" answer this screen read earlier is now wrong: ask again.
    void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
    setFailure(null);
    setSignedIn(true);
    toast({ title: LOGIN_SUCCESSFUL });
  };

  const fail = (message: string) => {
    setFailure(message);
    toast({ title: 'Login failed', description: message, variant: 'destructive' });
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setFailure(null);
      toast({ title: 'Missing information', description: LOGIN_MISSING_FIELDS, variant: 'destructive' });
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          if (answer.success) succeed();
          else if (answer.requiresTotp) {
            setFailure(null);
            setStep('code');
          } else fail(answer.message || LOGIN_FAILED);
        },
        onError: (error) => fail(failureMessage(error)),
      },
    );
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    loginWithCode.mutate(
      { code },
      {
        onSuccess: (answer) => (answer.success ? succeed() : fail(answer.message)),
        onError: (error) => {
          // The pending sign-in expired: start again from the password.
          if (error instanceof ApiError && error.field('message') === SECOND_STEP_EXPIRED) setStep('password');
          fail(failureMessage(error));
        },
      },
    );
  };

  if (done) {
    return (
      <div role="status" className="flex min-h-[70vh] items-center justify-center px-4 text-center text-lg font-extrabold">
        {signedIn ? LOGIN_SUCCESSFUL : ALREADY_LOGGED_IN}
      </div>
    );
  }

  if (status.isPending) return <Spinner label={VERIFYING_LOGIN} className="min-h-[70vh]" />;

  const busy = login.isPending || loginWithCode.isPending;
  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <span className="inline-flex size-11 items-center justify-center rounded-brutal border-2 border-ink bg-accent">
            <LockKeyhole aria-hidden="true" className="size-5" />
          </span>
          <h1 className="text-2xl font-extrabold">Admin Login</h1>
        </div>

        {failure ? (
          <div role="alert" className="mb-5 rounded-brutal border-2 border-danger bg-danger-soft px-4 py-3">
            <p className="font-extrabold">Login failed</p>
            <p className="text-sm">{failure}</p>
          </div>
        ) : null}

        {step === 'password' ? (
          <form onSubmit={submitPassword} noValidate aria-label="Admin login" className="space-y-4">
            <TextField id="admin-email" label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField id="admin-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        ) : (
          <form onSubmit={submitCode} noValidate aria-label="Authentication code" className="space-y-4">
            <p className="text-sm">{TOTP_CODE_REQUIRED}</p>
            <TextField
              id="admin-code"
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" className="w-full" disabled={busy || code.replace(/\s/g, '').length !== 6}>
              {busy ? 'Checking…' : 'Verify'}
            </Button>
          </form>
        )}

        <p className="mt-6 text-sm text-ink-soft">{CONTACT_ADMIN_NOTE}</p>
      </div>
    </div>
  );
}
