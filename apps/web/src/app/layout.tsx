import type { ReactNode } from 'react';
import './globals.css';

/** `<html>` lives in `[locale]/layout.tsx`, which knows the language; this layout only passes through. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
