import { useEffect } from 'react';
import { PRODUCT_NAME } from '@smm/shared/constants';

/** "Events · Iron Wolves · SMM": the page's own name first, then what it belongs to, then the product. */
export const documentTitle = (...parts: (string | null | undefined)[]): string =>
  [...parts.filter((part): part is string => Boolean(part)), PRODUCT_NAME].join(' · ');

/**
 * Gives the browser tab the page's own title, most specific part first; empty parts (a group name
 * still loading) are left out until they arrive.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  useExactDocumentTitle(documentTitle(...parts));
}

/** A tab title the specification gives word for word, used as it is. */
export function useExactDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
