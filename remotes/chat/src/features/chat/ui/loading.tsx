/** A spinner filling the chat's area, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flc-state" aria-busy="true">
      <div className="flc-state__body">
        <span className="flc-spinner" aria-hidden="true" />
        <span className="flc-visually-hidden">{label}</span>
      </div>
    </div>
  );
}
