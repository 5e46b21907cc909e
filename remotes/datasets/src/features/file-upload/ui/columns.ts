/** Panels side by side, wrapping under each other when the page is narrow. */
export const columns = { display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' } as const;
