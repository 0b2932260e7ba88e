import { lazy } from 'react';

/**
 * The contact feature's public entry: what other features may use (docs/decisions/0034-web-boundaries.md).
 * The contact form, loaded with its first opening: the planners landing page mounts it itself, being outside the
 * site layout whose app-wide modals open it elsewhere (openAppModal('contact')).
 */
export const ContactModal = lazy(() => import('./components/ContactModal'));
