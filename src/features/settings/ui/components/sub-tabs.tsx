import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { Spinner } from '../../../../client/components/ui/spinner';
import { useSettings } from '../api/get-settings';
import { messageOf } from './errors';

type SubTab = { value: string; label: string; content: ReactNode };

const triggerClasses =
  'inline-flex min-h-11 items-center rounded-brutal border-2 border-ink bg-paper px-3 text-sm font-bold hover:bg-white data-[state=active]:bg-ink data-[state=active]:text-paper';

/** The sub-tabs of the Settings and Email sections (spec §2: general, payment, email, email templates). */
export function SubTabs({ label, tabs }: { label: string; tabs: readonly SubTab[] }) {
  const [tab, setTab] = useState(tabs[0]!.value);
  return (
    <Tabs.Root value={tab} onValueChange={setTab} activationMode="manual">
      <Tabs.List aria-label={label} className="flex flex-wrap gap-2">
        {tabs.map(({ value, label: tabLabel }) => (
          <Tabs.Trigger key={value} value={value} className={triggerClasses}>
            {tabLabel}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, content }) => (
        <Tabs.Content key={value} value={value} className="grid min-w-0 gap-8 pt-6 outline-none">
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** Loads the settings once for the sub-tabs that show them. */
export function WithSettings({ children }: { children: (settings: NonNullable<ReturnType<typeof useSettings>['data']>) => ReactNode }) {
  const settings = useSettings();
  if (settings.isPending) return <Spinner label="Loading settings…" />;
  if (settings.isError) return <ErrorState message={`Failed to load settings: ${messageOf(settings.error)}`} onRetry={() => void settings.refetch()} />;
  return <>{children(settings.data)}</>;
}

/** A titled part of a sub-tab. */
export function SettingsPart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-3 text-lg font-extrabold">
        {title}
      </h3>
      {children}
    </section>
  );
}
