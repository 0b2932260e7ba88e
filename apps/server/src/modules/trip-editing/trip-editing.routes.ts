import type { FastifyInstance } from 'fastify';
import type { ThemesService } from '../themes/themes.service.js';
import { attractionsRoutes } from './attractions.routes.js';
import { copyRoutes } from './copy.routes.js';
import { daysRoutes } from './days.routes.js';
import { extraInformationRoutes } from './extra-information.routes.js';
import { setDayOrderRoutes } from './set-day-order.routes.js';
import { tripSettingsRoutes } from './trip-settings.routes.js';
import type { RideEditing } from './trip-editing.service.js';

/** Every editing call of the module, under /api (each file holds one area's routes). */
export async function tripEditingRoutes(
  app: FastifyInstance,
  opts: { editing: RideEditing; themes: ThemesService },
) {
  await app.register(daysRoutes, { days: opts.editing.days });
  await app.register(setDayOrderRoutes, { dayOrder: opts.editing.dayOrder });
  await app.register(attractionsRoutes, { attractions: opts.editing.attractions });
  await app.register(extraInformationRoutes, { extra: opts.editing.extra });
  await app.register(tripSettingsRoutes, { settings: opts.editing.settings });
  await app.register(copyRoutes, { copy: opts.editing.copy, themes: opts.themes });
}
