import type { Changes } from '../../changes.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createLlm } from '../../providers/llm/index.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { createAttractionEditorService } from './attraction-editor.service.js';

/**
 * The attraction editor's wiring: the app's trip editor (one locked transaction, the edit policy, the change
 * published and dropped), the change feed for an attraction's own edits, and the AI text provider of the
 * configuration (none when LLM_BASE_URL is unset).
 */
export function createAttractionEditor(deps: {
  db: Database;
  editRide: TripEditor;
  changes: Changes;
  llm: Config['llm'];
  log: { warn: (obj: object, msg: string) => void };
}) {
  return createAttractionEditorService({
    db: deps.db,
    editRide: deps.editRide,
    changes: deps.changes,
    llm: createLlm(deps.llm),
    log: deps.log,
  });
}
