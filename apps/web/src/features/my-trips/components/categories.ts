import { IconArchive, IconClipboardList, IconCopy, IconPlaneDeparture, IconUsers, type Icon } from '@tabler/icons-react';
import type { RideCategory } from '@rides/contract';

/**
 * The five fixed trip categories (001 §3): an icon each; the label and the description are the texts
 * myTrips.categories.{name}.label / .description.
 */
export const CATEGORY_ICONS: Record<RideCategory, Icon> = {
  planning: IconClipboardList,
  active: IconPlaneDeparture,
  client: IconUsers,
  template: IconCopy,
  inactive: IconArchive,
};
