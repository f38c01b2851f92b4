'use client';

import { createContext, useContext } from 'react';

/** Set by the product dialog so the form can close it after "add to cart"; null on the page. */
export const ProductDialogClose = createContext<(() => void) | null>(null);

export const useProductDialogClose = () => useContext(ProductDialogClose);
