import type { ReactNode } from 'react';

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

type IconProps = { size?: number };

/** A 24×24 stroke icon, hidden from assistive technology (its button carries the label). */
function Stroke({ size = 20, children }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
export const PlusIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);
export const CloseIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Stroke>
);
export const PencilIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
  </Stroke>
);
export const SendIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 12 20 4l-6 16-3-7-7-1z" />
  </Stroke>
);
export const StopIcon = (props: IconProps) => (
  <Stroke {...props}>
    <rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor" />
  </Stroke>
);
export const PaperclipIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.1-8.1a3.4 3.4 0 0 1 4.8 4.8l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
  </Stroke>
);
export const CopyIcon = (props: IconProps) => (
  <Stroke {...props}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
  </Stroke>
);
export const CheckIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="m5 12 5 5 9-10" />
  </Stroke>
);
export const ThumbUpIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M7 11v9H4v-9h3zm0 0 4-7a2 2 0 0 1 2 2v4h5a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 16.8 20H7" />
  </Stroke>
);
export const ThumbDownIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M17 13V4h3v9h-3zm0 0-4 7a2 2 0 0 1-2-2v-4H6a2 2 0 0 1-2-2.3l1.2-6A2 2 0 0 1 7.2 4H17" />
  </Stroke>
);
export const SpeakerIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 10v4h4l5 4V6L8 10H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Stroke>
);
export const TrashIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </Stroke>
);
export const FileIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M14 3H6v18h12V7l-4-4zM14 3v4h4" />
  </Stroke>
);
