import { createContext, useContext } from 'react';
import { DEFAULT_BRAND_NAME } from '../../common/brand';

/**
 * The brand name saved in Settings › General, as the page was served with it: the server writes
 * it into every page (`<meta property="og:site_name">`) and renders its own HTML with the same
 * one, so the first render in the browser matches. `saved` lets the settings form show a new name
 * in this tab at once; other tabs and visitors get it on their next page load.
 */
type BrandName = { brandName: string; saved: (brandName: string) => void };

const BrandNameContext = createContext<BrandName>({ brandName: DEFAULT_BRAND_NAME, saved: () => {} });

export const BrandNameProvider = BrandNameContext.Provider;

export function useBrandName(): string {
  return useContext(BrandNameContext).brandName;
}

/** Call with the name the settings answered after a save. */
export function useBrandNameSaved(): (brandName: string) => void {
  return useContext(BrandNameContext).saved;
}

/** The name the server wrote into this page, or the default on a page without it (tests, a bare template). */
export function brandNameOfPage(document: Document): string {
  return document.head.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content || DEFAULT_BRAND_NAME;
}
