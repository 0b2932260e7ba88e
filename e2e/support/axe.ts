import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe scan of the page that works out only what the tests read: the violations. By default axe also builds a
 * selector for every node that passed or could not be decided, which on a 14-day trip page costs more than the rules
 * themselves; with resultTypes the other lists keep one node each, and the violations are reported in full as before.
 * Call withTags and the like after this (`options()` replaces what was set before it).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
