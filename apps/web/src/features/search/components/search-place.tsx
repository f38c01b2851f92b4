'use client';

import { useEffect } from 'react';
import { clearSearchPlace, setSearchPlace, type TSearchPlace } from '../lib/search-place';

/**
 * Rendered by a page that shows a menu, with the menu and city its cards use: the header's search
 * (loaded later, outside the page's tree) then searches that menu and links to the products in that
 * city. Renders nothing; a few hundred bytes in the page's first load.
 */
export function SearchPlace({ menuId, citySlug }: TSearchPlace) {
  useEffect(() => {
    const place = { menuId, citySlug };
    setSearchPlace(place);
    return () => clearSearchPlace(place);
  }, [menuId, citySlug]);
  return null;
}
