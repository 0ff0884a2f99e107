/** A server message shown under its field; `id` ties it to the input through aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}
