/** Paths of the route table (002 §2.1) that exist in this build. Add a path here when its screen lands. */
export const PATHS = {
  home: '/',
  about: '/about',
  terms: '/terms_of_use',
  privacy: '/privacy_policy',
  deleteUser: '/delete_user',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  oauthCallback: '/oauth2/callback',
} as const;

/** 001 §2: where a trip page goes when its reader has no access to the private trip. */
export const privateLandingPath = (rideId: number) => `/private_page_landing/${rideId}`;

/** A same-site path we may send the user back to (never another origin, never the callback itself). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return PATHS.home;
  if (value.startsWith(PATHS.oauthCallback)) return PATHS.home;
  return value;
}
