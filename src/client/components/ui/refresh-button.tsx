import { RefreshCw } from 'lucide-react';
import { smallButtonClasses } from './dialog';

/** Reads a list again; while it does, the button waits and its icon turns (unless motion is reduced). */
export function RefreshButton({ refreshing, onRefresh, label = 'Refresh' }: { refreshing: boolean; onRefresh: () => void; label?: string }) {
  return (
    <button type="button" className={smallButtonClasses('secondary')} disabled={refreshing} onClick={onRefresh}>
      <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
      {label}
    </button>
  );
}
