import { Search } from 'lucide-react';
import { controlClasses } from '../../../../client/components/ui/form';
import { cx } from '../../../../client/components/ui/cx';

/** A search field for a tab's toolbar; the label is for screen readers, the icon and placeholder for the eye. */
export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(controlClasses, 'pl-9')}
      />
    </div>
  );
}
