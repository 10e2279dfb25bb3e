import { Search } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { cx } from './cx';
import { usePagination } from './data-table';
import { controlClasses } from './form';

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

/**
 * A list searched as it is typed: `search` goes to the SearchBox (a new search starts again on
 * the first page), `matches` are the rows the search keeps (of `items`, or what the
 * filter makes of them), in pages. The search runs on a
 * deferred copy of the text, so typing stays quick on a long list; `filter` must be stable.
 */
export function useSearchedPages<Item, Row>(items: readonly Item[], filter: (items: readonly Item[], query: string) => readonly Row[]) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => filter(items, deferredQuery), [filter, items, deferredQuery]);
  const pagination = usePagination(matches);
  const search = {
    value: query,
    onChange: (value: string) => {
      setQuery(value);
      pagination.setPage(0);
    },
  };
  return { search, matches, pagination };
}
