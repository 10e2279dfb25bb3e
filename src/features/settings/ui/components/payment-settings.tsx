import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { Badge } from '../../../../client/components/ui/badge';
import { RunButton } from '../../../../client/components/ui/button';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { Spinner } from '../../../../client/components/ui/spinner';
import { usePaymentStatus } from '../api/get-payment-status';
import { useTestPaymentConnection } from '../api/test-payment-connection';
import { messageOf } from './errors';

function KeyState({ label, set }: { label: string; set: boolean }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-b-2 border-paper-deep py-2">
      <dt className="font-bold">{label}</dt>
      <dd>
        <Badge tone={set ? 'success' : 'paper'}>{set ? 'Set' : 'Not set'}</Badge>
      </dd>
    </div>
  );
}

const MODE_LABELS = { demo: 'Demo payments (no Stripe key)', test: 'Stripe, test mode', live: 'Stripe, live mode' } as const;

/** Payment sub-tab: provider and mode, which keys are set (never their values), webhook, connection test. */
export function PaymentSettings() {
  const status = usePaymentStatus();
  const test = useTestPaymentConnection();

  if (status.isPending) return <Spinner label="Loading payment status…" />;
  if (status.isError) return <ErrorState message={`Failed to load payment status: ${messageOf(status.error)}`} onRetry={() => void status.refetch()} />;
  const data = status.data;

  return (
    <div className="grid max-w-xl gap-5">
      <dl>
        <div className="flex min-h-11 items-center justify-between gap-3 border-b-2 border-paper-deep py-2">
          <dt className="font-bold">Mode</dt>
          <dd>{MODE_LABELS[data.mode]}</dd>
        </div>
        <KeyState label="Secret key (STRIPE_SECRET_KEY)" set={data.secretKeySet} />
        <KeyState label="Publishable key (STRIPE_PUBLISHABLE_KEY)" set={data.publishableKeySet} />
        <KeyState label="Webhook secret (STRIPE_WEBHOOK_SECRET)" set={data.webhookSecretSet} />
        <div className="flex min-h-11 items-center justify-between gap-3 border-b-2 border-paper-deep py-2">
          <dt className="font-bold">Last webhook received</dt>
          <dd>{data.lastWebhookAt ? <time dateTime={data.lastWebhookAt}>{new Date(data.lastWebhookAt).toLocaleString()}</time> : 'Never'}</dd>
        </div>
      </dl>
      <p className="text-sm text-ink-soft">Keys are set in the server environment; their values are never shown here.</p>
      <RunButton icon={PlugZap} pending={test.isPending} pendingLabel="Testing…" onClick={() => test.mutate()}>
        Test connection
      </RunButton>
      <div aria-live="polite">
        {test.data ? (
          <p className={`flex items-start gap-2 font-semibold ${test.data.ok ? '' : 'text-danger'}`}>
            {test.data.ok ? <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" /> : <XCircle aria-hidden="true" className="size-5 shrink-0" />}
            {test.data.message}
          </p>
        ) : null}
        {test.isError ? <p className="font-semibold text-danger">{messageOf(test.error)}</p> : null}
      </div>
    </div>
  );
}
