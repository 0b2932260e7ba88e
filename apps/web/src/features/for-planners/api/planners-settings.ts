import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '../../../lib/client-config';
import type { ForPlannersSettings } from '@rides/contract';

/**
 * The page's settings, from GET /api/client_config (the one public-settings call; cached for the session). Undefined
 * until it answers: the server renders the page without them, and the browser's first render matches it.
 */
export const usePlannersSettings = (): ForPlannersSettings | undefined =>
  useQuery({ ...clientConfigQuery, select: (config) => config.forPlanners }).data;
