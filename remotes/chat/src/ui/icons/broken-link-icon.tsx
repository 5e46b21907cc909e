/** A broken link: the share is not found (inline SVG, like every icon of the public page). */
export function BrokenLinkIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9.5 14.5 8 16a3.5 3.5 0 0 1-5-5l2.5-2.5a3.5 3.5 0 0 1 4.6-.3" />
      <path d="M14.5 9.5 16 8a3.5 3.5 0 0 1 5 5l-2.5 2.5a3.5 3.5 0 0 1-4.6.3" />
      <path d="M4 4l2 2M20 20l-2-2M9 2v2M15 22v-2" />
    </svg>
  );
}
