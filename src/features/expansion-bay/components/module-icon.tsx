import { LineIcon } from '../../../components/line-icon.tsx';
import type { ModuleId } from '../catalogue.ts';

const PATHS: Record<ModuleId, string> = {
  // A mast with signal arcs.
  antenna: 'M16 14v14M12 28h8M11 9a7 7 0 0 1 10 0M7 5a13 13 0 0 1 18 0M16 14a2 2 0 1 0 0-.01',
  // A camera lens.
  vision: 'M4 10h5l2-3h10l2 3h5v15H4zM16 12a5 5 0 1 0 0 10a5 5 0 1 0 0-10',
  // Signal bars.
  cellular: 'M6 26v-4M12 26v-8M18 26v-12M24 26V6',
};

/** A module's pictogram; decorative, its name is the card's heading. */
export function ModuleIcon({ id, className }: { id: ModuleId; className?: string }) {
  return <LineIcon path={PATHS[id]} size={32} strokeWidth={2.2} className={className} />;
}

/** The warning triangle of the new-map notice; decorative, the notice has its own title. */
export function WarningIcon({ className }: { className?: string }) {
  return <LineIcon path="M12 3 2 21h20zM12 10v5M12 18v.01" className={className} />;
}
