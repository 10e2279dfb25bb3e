import { useEffect } from 'react';
import { documentTitle } from '../../common/brand';
import type { RouteMeta } from '../../common/route-meta';
import { useBrandName } from './brand-name';

function setMetaContent(selector: string, create: () => HTMLMetaElement, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.content = content;
}

function namedMeta(attribute: 'name' | 'property', value: string) {
  return () => {
    const element = document.createElement('meta');
    element.setAttribute(attribute, value);
    return element;
  };
}

/**
 * Keeps the document's title and description (and the og: copies the server wrote) in step with
 * the screen after client-side navigation. The first paint already has them from the server.
 */
export function useRouteMeta(meta: RouteMeta) {
  const title = documentTitle(meta.title, useBrandName());
  const { description } = meta;
  useEffect(() => {
    document.title = title;
    setMetaContent('meta[name="description"]', namedMeta('name', 'description'), description);
    for (const [property, content] of [
      ['og:title', title],
      ['og:description', description],
    ] as const) {
      const existing = document.head.querySelector<HTMLMetaElement>(`meta[property="${property}"]`);
      if (existing) existing.content = content;
    }
  }, [title, description]);
}
