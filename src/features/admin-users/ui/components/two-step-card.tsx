import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../../client/components/ui/badge';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextField } from '../../../../client/components/ui/form';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { totpCodeSchema, type TotpCodeInput, type TotpSetup } from '../../../admin-auth';
import { useSwitchTotp } from '../api/switch-totp';
import { useTotpStatus } from '../api/get-totp-status';
import { useSetupTotp } from '../api/setup-totp';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
function groupInFours(secret: string): string {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g)?.join(' ') ?? '';
}

/**
 * The otpauth link as a QR code for the app's camera. `qrcode` is loaded only when a set-up
 * starts, so it never weighs on any other page; it renders an SVG string, shown as an image.
 * Until it is ready (or if it fails) the key below is there to type by hand.
 */
function TotpQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setSrc(null);
      });
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return (
    <div className="mt-2 flex size-48 items-center justify-center rounded-brutal border-2 border-ink bg-white p-1" aria-busy={src === null}>
      {src ? (
        <img src={src} width={184} height={184} alt="QR code for your authenticator app: scan it to add this account" className="size-full" />
      ) : (
        <Skeleton className="size-full" />
      )}
    </div>
  );
}

type CodeFormProps = {
  label: string;
  busy: boolean;
  tone: 'primary' | 'danger';
  onCode: (input: TotpCodeInput, setCodeError: (message: string) => void) => void;
};

/** One authenticator code and a button: used to turn the second step on and off. */
function CodeForm({ label, busy, tone, onCode }: CodeFormProps) {
  const { field, handleSubmit, setError } = useSchemaForm(totpCodeSchema, { code: '' });
  const submit = handleSubmit((input) => onCode(input, (message) => setError('code', { message }, { shouldFocus: true })));
  return (
    <form noValidate onSubmit={submit} aria-label={label} className="mt-4 flex flex-wrap items-start gap-3">
      <TextField label="Authenticator code" inputMode="numeric" autoComplete="one-time-code" placeholder="123 456" maxLength={12} className="w-48" {...field('code')} />
      <button type="submit" className={smallButtonClasses(tone, 'mt-7')} disabled={busy}>
        {busy ? 'Checking…' : label}
      </button>
    </form>
  );
}

function SetupSteps({ setup, busy, onCode, onCancel }: { setup: TotpSetup; busy: boolean; onCode: CodeFormProps['onCode']; onCancel: () => void }) {
  return (
    <div className="mt-4 space-y-3">
      <ol className="list-decimal space-y-3 pl-5 text-sm">
        <li>
          In your authenticator app, add an account and scan this QR code:
          <TotpQrCode otpauthUrl={setup.otpauthUrl} />
          <p className="mt-3">Or type this key (spaces do not matter):</p>
          <p className="mt-1.5 font-mono text-lg font-bold tracking-wider">
            {groupInFours(setup.secret)}
          </p>
          <p className="mt-1.5 text-ink-soft">Or, if your app accepts a link, use:</p>
          <code className="mt-1 block rounded-brutal border-2 border-ink bg-paper-deep px-2 py-1.5 text-xs break-all">{setup.otpauthUrl}</code>
        </li>
        <li>Enter the 6-digit code the app now shows, to prove it works.</li>
      </ol>
      <CodeForm label="Turn on two-step sign-in" tone="primary" busy={busy} onCode={onCode} />
      <button type="button" className={smallButtonClasses('ghost')} onClick={onCancel}>
        Cancel setup
      </button>
    </div>
  );
}

/**
 * The signed-in admin's own two-step sign-in (TOTP). Setting up shows the key once; it is only
 * switched on when a code from the app matches, so a half-finished setup never locks anyone out.
 */
export function TwoStepCard() {
  const status = useTotpStatus();
  const startSetup = useSetupTotp();
  const enable = useSwitchTotp('enable');
  const disable = useSwitchTotp('disable');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const headingId = useId();

  const begin = () =>
    startSetup.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) =>
        toast({ title: 'Failed to set up two-step sign-in', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });

  const turnOn: CodeFormProps['onCode'] = (input, setCodeError) =>
    enable.mutate(input, {
      onSuccess: () => {
        setSetup(null);
        toast({ title: 'Two-step sign-in turned on', description: 'From now on you sign in with your password and a code from the app.' });
      },
      onError: (error) => {
        const message = refusalMessage(error);
        if (message) setCodeError(message);
        toast({ title: 'Failed to turn on two-step sign-in', description: message ?? 'Please try again.', variant: 'destructive' });
      },
    });

  const turnOff: CodeFormProps['onCode'] = (input, setCodeError) =>
    disable.mutate(input, {
      onSuccess: () => toast({ title: 'Two-step sign-in turned off', description: 'You now sign in with your password only.' }),
      onError: (error) => {
        const message = refusalMessage(error);
        if (message) setCodeError(message);
        toast({ title: 'Failed to turn off two-step sign-in', description: message ?? 'Please try again.', variant: 'destructive' });
      },
    });

  let body;
  if (status.isPending) body = <Skeleton className="mt-4 h-16" />;
  else if (status.isError) body = <ErrorState message="Failed to load your two-step sign-in status." onRetry={() => void status.refetch()} />;
  else if (status.data.enabled) {
    body = (
      <>
        <p className="mt-2 text-sm">You sign in with your password and a code from your authenticator app. To turn this off, enter a current code.</p>
        <CodeForm label="Turn off two-step sign-in" tone="danger" busy={disable.isPending} onCode={turnOff} />
      </>
    );
  } else if (setup) {
    body = <SetupSteps setup={setup} busy={enable.isPending} onCode={turnOn} onCancel={() => setSetup(null)} />;
  } else {
    body = (
      <>
        <p className="mt-2 text-sm">Ask for a code from an authenticator app (such as 1Password, Google Authenticator or Authy) after your password.</p>
        <button type="button" className={smallButtonClasses('primary', 'mt-4')} onClick={begin} disabled={startSetup.isPending}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {startSetup.isPending ? 'Preparing…' : 'Set up two-step sign-in'}
        </button>
      </>
    );
  }

  const enabled = status.data?.enabled === true;
  return (
    <section aria-labelledby={headingId} className="rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="flex items-center gap-2 text-lg font-extrabold">
          {enabled ? <ShieldCheck aria-hidden="true" className="size-5" /> : <ShieldOff aria-hidden="true" className="size-5" />}
          Two-step sign-in
        </h3>
        {status.data ? <Badge tone={enabled ? 'success' : 'paper'}>{enabled ? 'On' : 'Off'}</Badge> : null}
      </div>
      {body}
    </section>
  );
}
