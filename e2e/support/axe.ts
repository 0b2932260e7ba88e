import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe scan of the page that works out only what the tests read: the violations. By default axe also builds a
 * selector for every node that passed or could not be decided, which on a 14-day trip page costs more than the rules
 * themselves; with resultTypes the other lists keep one node each, and the violations are reported in full as before.
 * Call withTags and the like after this (`options()` replaces what was set before it).
 */
export const axe = (page: Page) => new LaidOutAxe(page).options({ resultTypes: ['violations'] });

/**
 * The trip page skips the layout of days off screen (content-visibility, features/trip/view/lib/days-layout.ts), and axe cannot
 * read the colours of what was never laid out: a contrast check on a far day passed or failed by chance. The scan
 * first lays every day out, as the page itself does before a jump, so it checks what a reader scrolling sees.
 */
class LaidOutAxe extends AxeBuilder {
  constructor(private readonly scanned: Page) {
    super({ page: scanned });
  }

  override async analyze() {
    await this.scanned.evaluate(() => document.documentElement.setAttribute('data-days-laid-out', ''));
    return super.analyze();
  }
}
