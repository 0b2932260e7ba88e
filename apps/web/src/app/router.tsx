import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ADDRESSES } from '@rides/contract';
import { withTexts } from '../lib/i18n';
import { OLD_ROUTES } from '../lib/old-routes';
import type { LocaleGroup } from '../locales/groups';
import { PageLoader } from '../components/PageLoader';
import { RootLayout } from './layout/RootLayout';
import { PageError, RouteError } from './RouteError';

/**
 * A lazily loaded page: its module's default export is the page component. `texts` are the translation groups its
 * screens read beyond the core (src/locales/groups.ts), loaded alongside its code.
 */
const page = (
  load: () => Promise<{ default: ComponentType }>,
  texts: readonly LocaleGroup[] = [],
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await withTexts(load, texts)()).default }),
});

/**
 * The route table of 002 §2.1 and our own pages, each at its address in the contract's table (ADDRESSES,
 * packages/contract/src/addresses.ts: no path is written here). Every page is its own chunk, loaded with its texts;
 * docs/spec-map.md lists what of the spec is not built.
 */
export const routes: RouteObject[] = [
  {
    path: ADDRESSES.home,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        // Errors of one page render inside the layout, so the header and footer stay usable.
        ErrorBoundary: PageError,
        children: [
          { index: true, ...page(() => import('../features/home/pages/HomePage'), ['home', 'search']) },
          { path: ADDRESSES.about, ...page(() => import('../features/static-pages/pages/AboutPage')) },
          { path: ADDRESSES.terms, ...page(() => import('../features/static-pages/pages/TermsPage')) },
          { path: ADDRESSES.privacy, ...page(() => import('../features/static-pages/pages/PrivacyPage')) },
          {
            path: ADDRESSES.deleteUser,
            ...page(() => import('../features/static-pages/pages/DeleteUserPage')),
          },
          {
            path: ADDRESSES.requestPasswordReset,
            ...page(() => import('../features/auth/pages/RequestPasswordResetPage'), ['auth']),
          },
          {
            path: ADDRESSES.resetPassword,
            ...page(() => import('../features/auth/pages/ResetPasswordPage'), ['auth']),
          },
          // The mailed sign-in link's landing (decision 0052).
          {
            path: ADDRESSES.signInLink,
            ...page(() => import('../features/auth/pages/SignInLinkPage'), ['auth']),
          },
          // The trip page (000 §2); the attraction variant opens one attraction's details on load.
          {
            path: ADDRESSES.trip,
            ...page(() => import('../features/trip/view/pages/TripPage'), ['trip']),
          },
          {
            path: ADDRESSES.tripAttraction,
            ...page(() => import('../features/trip/view/pages/TripPage'), ['trip']),
          },
          // Trip search (001 §2): near a picked place (the search is the address), and by a typed name.
          {
            path: ADDRESSES.searchRide,
            ...page(() => import('../features/search/pages/SearchTripPage'), ['search', 'home']),
          },
          {
            path: ADDRESSES.searchRideByName,
            ...page(() => import('../features/search/pages/SearchTripByNamePage'), ['search', 'home']),
          },
          // Attraction search on a map (001 §2); /search_ride_by_name with an empty name comes here.
          {
            path: ADDRESSES.attractionSearch,
            ...page(
              () => import('../features/search/pages/AttractionSearchPage'),
              ['search', 'attractionSearch', 'home'],
            ),
          },
          {
            path: ADDRESSES.oauthCallback,
            ...page(() => import('../features/auth/pages/OAuthCallbackPage'), ['auth']),
          },
          // Where trips exist (002 §2.1): the map of search points; with every shared trip listed under it.
          {
            path: ADDRESSES.globalMap,
            ...page(() => import('../features/global-map/pages/GlobalMapPage'), ['globalMap']),
          },
          {
            path: ADDRESSES.globalRides,
            ...page(() => import('../features/global-map/pages/GlobalTripsPage'), ['globalMap']),
          },
          // A private trip its reader may not open (001 §2): sign in, register, or the planner's page.
          {
            path: ADDRESSES.privateLanding,
            ...page(
              () => import('../features/trip/private-landing/pages/PrivateLandingPage'),
              ['privateLanding', 'trip'],
            ),
          },
          // A planner delivers a private trip (001 §2, §4; issue 18): its access page, one-time links, and joining.
          {
            path: ADDRESSES.accessKey,
            ...page(() => import('../features/trip/access-keys/pages/AccessKeyPage'), ['accessKeys']),
          },
          {
            path: ADDRESSES.oneTimeKey,
            ...page(() => import('../features/trip/access-keys/pages/OneTimeKeyPage'), ['accessKeys']),
          },
          {
            path: ADDRESSES.join,
            ...page(() => import('../features/trip/access-keys/pages/JoinPage'), ['accessKeys']),
          },
          {
            path: ADDRESSES.joinConsulting,
            ...page(() => import('../features/trip/access-keys/pages/JoinPage'), ['accessKeys']),
          },
          // An invitation to plan a trip together (issue 33, decision 0063): accept, registering or signing in here.
          {
            path: ADDRESSES.invite,
            ...page(() => import('../features/trip/members/pages/InvitePage'), ['members', 'planningCodes']),
          },
          // The trip's general information and day notes (001 §2 "Extra information form").
          {
            path: ADDRESSES.extraInformation,
            ...page(
              () => import('../features/trip/editing/pages/ExtraInformationPage'),
              ['trip', 'tripEditing'],
            ),
          },
          // A new trip from photos (002 §2.1; issue 20, decision 0037): everything photo-related loads here only.
          {
            path: ADDRESSES.newTripFromPhotos,
            ...page(() => import('../features/photos/pages/NewTripFromPhotosPage'), ['photos']),
          },
          // The same flow into an existing trip (000 §2: the author of a base trip).
          {
            path: ADDRESSES.addImages,
            ...page(() => import('../features/photos/pages/NewTripFromPhotosPage'), ['photos']),
          },
          // A stay from lodging photos (000 §2: the author of a base trip; the check-in and check-out first).
          {
            path: ADDRESSES.addAccommodationsImage,
            ...page(() => import('../features/trip/photos/pages/AddAccommodationsImagePage'), ['photos']),
          },
          // Editing a trip (000 §2): the add-activity page (?rideId&day) and the author's calendar view of the trip.
          {
            path: ADDRESSES.addActivity,
            ...page(() => import('../features/trip/add-activity/pages/AddActivityPage'), ['addActivity']),
          },
          {
            path: ADDRESSES.tripCalendar,
            ...page(
              () => import('../features/trip/calendar/pages/TripCalendarPage'),
              ['tripEditing', 'tripCalendar'],
            ),
          },
          // Accommodations (000 §2, decision 0018): the edit page (?rideId[&id|&base|&day]) and the bookings checklist.
          {
            path: ADDRESSES.accommodation,
            ...page(
              () => import('../features/trip/accommodations/pages/AccommodationEditPage'),
              ['accommodations', 'imageUpload'],
            ),
          },
          {
            path: ADDRESSES.tripChecklist,
            ...page(() => import('../features/trip/accommodations/pages/ChecklistPage'), ['accommodations']),
          },
          // Hotel search (001 §2): near a picked place (?lat&lng&place[&rideId]), and by a typed name.
          {
            path: ADDRESSES.hotelSearch,
            ...page(() => import('../features/hotel-search/pages/HotelSearchPage'), ['hotelSearch']),
          },
          {
            path: ADDRESSES.hotelSearchByName,
            ...page(() => import('../features/hotel-search/pages/HotelSearchByNamePage'), ['hotelSearch']),
          },
          // The booking partner's hotel map around a stay (000 §2 /booking): ?lat&lng[&checkin&checkout&place&rideId&aid].
          {
            path: ADDRESSES.partnerMap,
            ...page(() => import('../features/hotel-search/pages/PartnerMapPage'), ['hotelSearch']),
          },
          // Creating trips (001 §2, decision 0019): the trip information form (new, or the author's) and my trips.
          {
            path: ADDRESSES.rideInformation,
            ...page(
              () => import('../features/trip/information/pages/TripInformationPage'),
              ['rideInformation', 'myTrips'],
            ),
          },
          {
            path: ADDRESSES.myTrips,
            ...page(() => import('../features/my-trips/pages/MyTripsPage'), ['myTrips', 'members', 'planningCodes']),
          },
          // The attraction editor (001 §2, decision 0020): create (?rideId&day) and edit (?attractionId[&rideId]); categories (managers).
          {
            path: ADDRESSES.newAttraction,
            ...page(
              () => import('../features/trip/attraction-editor/pages/AddAttractionEditorPage'),
              ['attractionEditor', 'editorCodes', 'imageUpload'],
            ),
          },
          {
            path: ADDRESSES.attractionEdit,
            ...page(
              () => import('../features/trip/attraction-editor/pages/AttractionInformationPage'),
              ['attractionEditor', 'editorCodes', 'imageUpload'],
            ),
          },
          {
            path: ADDRESSES.categories,
            ...page(() => import('../features/categories/pages/CategoriesPage'), ['categories']),
          },
          // The planner's library (001 §2, issue 22): managers only.
          {
            path: ADDRESSES.plannerLibrary,
            ...page(() => import('../features/planner-library/pages/PlannerLibraryPage'), ['plannerLibrary']),
          },
          // Attraction uniqueness groups (issue 22 point 2, decision 0040): managers and platform admins.
          {
            path: ADDRESSES.uniquenessGroups,
            ...page(
              () => import('../features/uniqueness-groups/pages/UniquenessGroupsPage'),
              ['uniquenessGroups'],
            ),
          },
          // The platform admin's screens (002 §2.3, decision 0035): their own chunks and texts, so no other page grows.
          {
            path: ADDRESSES.deviceManagement,
            ...page(() => import('../features/admin/pages/DeviceManagementPage'), ['admin']),
          },
          {
            path: ADDRESSES.rideManagerBilling,
            ...page(() => import('../features/admin/pages/PlannerBillingPage'), ['admin']),
          },
          {
            path: ADDRESSES.oneTimeAccessUsage,
            ...page(() => import('../features/admin/pages/OneTimeAccessUsagePage'), ['admin']),
          },
          // Offline (002 §2.1, §2.10): the saved trips, and a jump to the last one.
          {
            path: ADDRESSES.offlineRideView,
            ...page(() => import('../features/trip/offline/pages/OfflineTripView'), ['offline']),
          },
          {
            path: ADDRESSES.redirectToCachedRide,
            ...page(() => import('../features/trip/offline/pages/RedirectToCachedTrip')),
          },
          // Development only: a look at the trip map with sample data. `import.meta.env.DEV` is false in a build,
          // so the route and its chunk are removed from dist.
          ...(import.meta.env.DEV
            ? [{ path: ADDRESSES.devMap, ...page(() => import('../components/map/dev/MapPreview')) }]
            : []),
          // The old and id-less routes of 002 §2.1 go where their purpose is served, query kept (decision 0039).
          // Their loader redirects before anything renders; its module loads only when an old address is opened.
          ...OLD_ROUTES.map((path) => ({
            path,
            lazy: async () => ({ loader: (await import('./old-route-redirect')).oldRouteLoader(path) }),
          })),
          { path: '*', ...page(() => import('../features/static-pages/pages/NotFoundPage')) },
        ],
      },
    ],
  },
  {
    // The planners landing page (002 §2.8, decision 0031): its own header and footer, so outside the site layout.
    path: ADDRESSES.forPlanners,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    ...page(() => import('./compose/ForPlannersRoute'), ['forPlanners']),
  },
  {
    // The full-screen map of a trip (000 §2): the whole viewport, so outside the site layout (no header/footer).
    // :dayId is the 1-based day number ("day N"); see FullScreenMapPage.
    path: ADDRESSES.fullMap,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    ...page(() => import('../features/trip/view/pages/FullScreenMapPage'), ['trip']),
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Loads the code of the routes `path` matches and puts it in place, so a router created after this starts with its
 * page ready: hydrating the server's HTML needs the page at the very first render, not a loading state.
 */
export async function resolveLazyRoutes(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
