import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLlm } from '../../providers/llm/index.js';
import type { RidesService } from '../rides/rides.service.js';
import { createRideEditor } from '../ride-editing/edit-transaction.js';
import type { SearchService } from '../search/search.service.js';
import { createAttractionEditorService } from './attraction-editor.service.js';

/**
 * The attraction editor's wiring: the trip editor of the editing calls (one locked transaction, the edit policy, the
 * caches dropped after the commit) and the AI text provider of the configuration (none when LLM_BASE_URL is unset).
 */
export function createAttractionEditor(deps: {
  db: Database;
  rides: RidesService;
  search: SearchService;
  llm: Config['llm'];
  log: { warn: (obj: object, msg: string) => void };
}) {
  const afterWrite = (rideId: number) => {
    deps.rides.invalidateRide(rideId);
    deps.search.invalidate();
  };
  return createAttractionEditorService({
    db: deps.db,
    editRide: createRideEditor({ db: deps.db, afterWrite }),
    afterAttractionWrite: (rideIds) => {
      for (const id of rideIds) deps.rides.invalidateRide(id);
      deps.search.invalidate();
    },
    llm: createLlm(deps.llm),
    log: deps.log,
  });
}
