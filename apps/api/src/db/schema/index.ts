export * from './catalog.ts';
export * from './content.ts';
