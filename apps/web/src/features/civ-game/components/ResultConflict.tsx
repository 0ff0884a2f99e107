import { EditConflict } from '../../../lib/ui/EditConflict';
import type { useOpenedResult } from '../use-opened-result';

type OpenedResult = Pick<ReturnType<typeof useOpenedResult>, 'conflict' | 'reloading' | 'reload'>;

/** Beside a result dialog's Save: a save refused over a newer result, with Reload (use-opened-result.ts). */
export function ResultConflict({ result }: { result: OpenedResult }) {
  return (
    <EditConflict conflict={result.conflict} changedMeanwhile={false} reloading={result.reloading} onReload={() => void result.reload()} />
  );
}
