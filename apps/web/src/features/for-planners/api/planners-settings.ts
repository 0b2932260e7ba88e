import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '../../../lib/client-config';
import type { PlannersSettings } from '../lib/contact-action';

/**
 * The page's settings, from GET /api/client_config (the one public-settings call; cached for the session). Undefined
 * until it answers: the server renders the page without them, and the browser's first render matches it.
 */
export const usePlannersSettings = (): PlannersSettings | undefined =>
  useQuery({ ...clientConfigQuery, select: (config) => config.forPlanners }).data;
