import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListStates } from '../../src/client/components/ui/data-table';
import { LoadingRegion, Skeleton } from '../../src/client/components/ui/skeleton';

/*
 * A loading placeholder is a status that says in text what is loading, or has no name at all: an
 * aria-label on an element without a role is not allowed (axe: aria-prohibited-attr), and a
 * status named only by aria-label is often announced as nothing.
 */

const loading = { isPending: true, isError: false, refetch: () => undefined };

function listLoading(loadingLabel?: string): string {
  return renderToStaticMarkup(createElement(ListStates, { query: loading, loadingLabel, loadFailed: 'Failed.', empty: null, children: 'the list' }));
}

describe('loading placeholders', () => {
  it('a list loading with a label is a status that says the label, around a busy skeleton hidden from assistive technology', () => {
    const html = listLoading('Loading workshops');
    expect(html).toMatch(/^<div role="status"><span class="sr-only">Loading workshops<\/span><div aria-hidden="true" aria-busy="true">/);
    expect(html).not.toContain('aria-label');
  });

  it('a list loading without a label carries no name and no status', () => {
    const html = listLoading();
    expect(html).not.toContain('aria-label');
    expect(html).not.toContain('role="status"');
  });

  it('the region lays out its skeleton with the given classes, unchanged', () => {
    const html = renderToStaticMarkup(createElement(LoadingRegion, { label: 'Loading social cards', className: 'grid gap-4', children: createElement(Skeleton, { className: 'h-12' }) }));
    expect(html).toBe(
      '<div role="status"><span class="sr-only">Loading social cards</span><div aria-hidden="true" aria-busy="true" class="grid gap-4">' +
        '<div aria-hidden="true" class="animate-pulse rounded-brutal bg-paper-deep h-12"></div></div></div>',
    );
  });
});
