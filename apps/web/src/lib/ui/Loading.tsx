/** The spinner every long wait shows (plain Bootstrap markup: the first page shows it while its code loads). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status" aria-live="polite">
      <div className="spinner-border me-2" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
