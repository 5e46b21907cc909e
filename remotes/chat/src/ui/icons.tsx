/** Small inline icons (no icon library on the public page: every KB counts on phones). */
export function BrokenLinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M9.5 14.5 8 16a3.5 3.5 0 0 1-5-5l2.5-2.5a3.5 3.5 0 0 1 4.6-.3" />
      <path d="M14.5 9.5 16 8a3.5 3.5 0 0 1 5 5l-2.5 2.5a3.5 3.5 0 0 1-4.6.3" />
      <path d="M4 4l2 2M20 20l-2-2M9 2v2M15 22v-2" />
    </svg>
  );
}

export function OfflineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.5 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 5-2.6M15.6 10.4A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19.5" r="0.8" fill="currentColor" />
      <path d="M3 3l18 18" />
    </svg>
  );
}
