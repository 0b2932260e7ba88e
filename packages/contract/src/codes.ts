/**
 * Every ServerMassageCode of the spec catalogues (000 §8, 001 §8, 002 §8), with the HTTP status
 * our server answers it with (DESIGN.md §4). The spellings are the spec's: existing clients depend on them.
 * Codes only the client makes (network_error, api_call_failed: apps/web/src/lib/api.ts) have their texts in the
 * locale files beside these; messageKey (apps/web/src/lib/i18n.ts) finds either.
 */
export const SERVER_CODES = {
  success: 200,
  // generic
  bad_request: 400,
  not_found: 404,
  route_not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  api_call_failed: 500,
  user_is_not_authorized: 401,
  /** Signed in, but the role does not allow the call (admin screens). */
  forbidden: 403,
  // sign-in (001 §8)
  account_exists_with_different_credential: 409,
  email_is_not_baind_to_this_acount: 401,
  google_oauth_user: 409,
  not_supporting_FB_or_instagram_browsers: 400,
  // password reset (001 §8, 002 §8)
  password_reset_email_sent: 200,
  password_reset_failed: 500,
  password_reset_success: 200,
  /** sign_out_everywhere: every session token of the user, this one included, is refused from now on (0024). */
  signed_out_everywhere: 200,
  password_reset_failed_user_is_not_registered: 404,
  invalid_reset_token: 400,
  /**
   * request_sign_in_link (ours, issue 31 point 3, decision 0052): the same answer whether or not the address has an
   * account. invalid_sign_in_link: the link is unknown, used or expired (one answer for all three).
   */
  sign_in_link_sent: 200,
  invalid_sign_in_link: 400,
  password_too_short: 400,
  passwords_dont_match: 400,
  invalid_email_spaces: 400,
  invalid_email_format: 400,
  // contact
  contact_form_success: 200,
  contact_form_error: 500,
  name_required: 400,
  message_required: 400,
  // private trips
  user_does_not_have_permission_to_this_private_ride: 403,
  the_private_link_is_not_valide: 404,
  fail_to_add_user_to_ride_privacy: 500,
  this_user_is_alrady_assign_to_this_ride: 409,
  ritch_to_ride_limitation: 403,
  error_ride_is_not_from_subdomain: 403,
  error_ride_is_not_from_the_right_user: 403,
  /** Access keys (issue 18, decision 0028): an expired or revoked key admits no one. */
  the_private_link_has_expired: 410,
  the_private_link_was_revoked: 410,
  /** A public trip has no access key (the key is of private and white-label trips). */
  ride_is_not_private: 409,
  /** The planner removes a client who never joined (or was removed already). */
  user_is_not_assigned_to_this_ride: 404,
  authorized_users_count_invalid: 400,
  invalid_expiry_date: 400,
  // editing (000 §8, 001 §8)
  uesr_is_not_authorize_to_edit_this_ride: 403,
  error_no_access_to_attraction: 403,
  atraction_text_box_is_not_empty: 400,
  date_are_not_in_range: 400,
  /** Ours (issue 30): a range whose end is before its start (contract dateRangeProblem), checked before its limits. */
  end_before_start: 400,
  day_not_in_trip_range: 400,
  you_Are_having_double_booking: 409,
  please_use_auto_compleate: 400,
  fail_to_update_accommodation: 500,
  rideHaveOrderedAccommodation: 409,
  ride_reset_success: 200,
  ride_reset_error: 400,
  uesr_copyed_new_ride: 200,
  ride_data_not_loaded: 404,
  // photos
  all_images_dates_are_empty: 400,
  all_images_without_metadata: 400,
  limiting_the_trip_duration: 400,
  // pdf
  pdf_generated_successfully: 200,
  pdf_generation_failed: 500,
  // our own, where the spec gives a situation but no code (docs/decisions/0003-error-codes.md)
  user_not_registered: 404,
  wrong_password: 401,
  user_already_registered: 409,
  password_too_long: 400,
  user_name_required: 400,
  user_name_too_long: 400,
  name_too_long: 400,
  message_too_long: 400,
  invalid_phone: 400,
  invalid_social_token: 401,
  social_login_not_configured: 503,
  token_expired: 401,
  // trip information form and my trips (001 §2, §5; decision 0019)
  title_required: 400,
  title_too_long: 400,
  party_count_invalid: 400,
  private_ride_requires_manager: 403,
  subdomain_ride_requires_subdomain_manager: 403,
  // attraction editor and categories (issue 7, decision 0020)
  attraction_title_required: 400,
  attraction_title_too_long: 400,
  attraction_location_required: 400,
  attraction_field_too_long: 400,
  unknown_category: 400,
  subcategory_not_in_category: 400,
  category_name_required: 400,
  category_name_too_long: 400,
  category_name_taken: 409,
  /** Another manager's category (or the platform's): only its owner may rename or delete it (decision 0020). */
  category_not_yours: 403,
  ai_not_configured: 503,
  /** attraction_api/{id}/google on a server whose places provider is not Google (and keeps no copy of the place). */
  places_not_configured: 503,
  ai_call_failed: 502,
  // image upload and accommodations (issue 6, decision 0018)
  file_required: 400,
  file_is_not_an_image: 415,
  image_format_not_supported: 415,
  image_too_many_pixels: 413,
  accommodation_name_required: 400,
  accommodation_name_too_long: 400,
  check_in_required: 400,
  check_out_required: 400,
  check_out_before_check_in: 400,
  booking_confirmation_too_long: 400,
  accommodation_location_required: 400,
  accommodation_field_too_long: 400,
  // one-time links, private copies, sub-domain managers, shares (issue 18 points 3, 4, 6, 7; decision 0030)
  /** Recipient details longer than anyone types (RECIPIENT_DETAILS_INPUT_MAX); shorter ones are cut to 200. */
  recipient_details_too_long: 400,
  /** Only the trip's author or planner (or, on a white-label trip that allows it, its clients) make one-time links. */
  one_time_link_not_allowed: 403,
  /** A one-time link admits one person, ever: someone else came in with it already. */
  one_time_link_already_used: 403,
  /** The white-label permissions are set on a white-label trip only. */
  ride_is_not_white_label: 400,
  // input rules and framework answers (issue 15 points 3, 5, 7; decision 0025)
  text_has_control_characters: 400,
  json_field_too_large: 400,
  invalid_link: 400,
  request_timeout: 408,
  uri_too_long: 414,
  request_header_fields_too_large: 431,
  /** The server is shutting down (a request on a connection kept alive while it drains): try another process. */
  service_unavailable: 503,
  // planners' billing and one-time usage (issue 21 points 3, 4; decision 0038)
  /** A billing month that is not YYYY-MM. */
  invalid_month: 400,
  /** A from-date that is not a calendar date YYYY-MM-DD. */
  invalid_start_date: 400,
  /** A from-date after today: nothing can have happened since. */
  start_date_in_future: 400,
  // attraction uniqueness groups (issue 22 point 2; decision 0040)
  /** No such group, or none the viewer may see (existence is not told). */
  uniqueness_group_not_found: 404,
  /** The group holds another planner's records: only a platform admin changes it. */
  uniqueness_group_not_yours: 403,
  /** The main record of a group must be one of its records. */
  attraction_not_in_group: 400,
  /** A group is several records: accepting a proposal of fewer than two. */
  uniqueness_group_too_small: 400,
  /** The admin listings' paging (decision 0038): a page that is not a whole number from 1. */
  invalid_page: 400,
  /** A page size that is not a whole number from 1 to 100. */
  invalid_page_size: 400,
  /** A sort column the listing does not have, or an order other than asc / desc. */
  invalid_sort: 400,
  /** A search text longer than 100 characters. */
  invalid_search: 400,
  /** The suspicious users' risk filter (decision 0035): HIGH, MEDIUM or LOW. */
  invalid_risk_level: 400,
  // planning together (issue 33, decision 0062)
  /** A role outside viewer, commenter, editor (the owner is the author, never given). */
  invalid_role: 400,
  /** The inviter's own address, or the owner's. */
  cannot_invite_yourself: 400,
  /** Already a member (or the owner) of this trip. */
  already_a_member: 409,
  /** Only the owner (and the planner of a private trip) invites, changes roles and removes others. */
  not_trip_owner: 403,
  /** The role does not allow it (a viewer commenting, a commenter editing a list). */
  role_does_not_allow: 403,
  /** No such member of this trip (never joined, or removed already). */
  not_a_member: 404,
  /** An invitation that does not exist; used, expired and revoked ones have their own codes. */
  invite_not_found: 404,
  invite_used: 410,
  invite_expired: 410,
  invite_revoked: 410,
  /** An edit sent with If-Match whose version is stale and whose change clashes with what changed since. */
  trip_changed_meanwhile: 409,
  /** An If-Match that is not a version this server gave. */
  invalid_version: 400,
  /** An events ticket that is unknown or expired. */
  invalid_events_ticket: 401,
  comment_required: 400,
  comment_too_long: 400,
  comment_not_found: 404,
  /** A comment or vote on something that is not in the trip. */
  target_not_found: 404,
  list_name_required: 400,
  list_name_too_long: 400,
  list_item_required: 400,
  list_item_too_long: 400,
  too_many_lists: 400,
  too_many_items: 400,
  list_not_found: 404,
  list_item_not_found: 404,
  /** A calendar feed address that is unknown or revoked. */
  calendar_feed_not_found: 404,
  // bookings in (issue 34, decision 0068)
  /** A file that is none of the formats read (mail, PDF, Wallet pass, HTML page, .ics, text). */
  booking_unsupported_file: 415,
  /** A broken file of a known format (a PDF or a zip that does not open, a pass without its pass.json). */
  booking_unreadable_file: 400,
  /** A file (or pasted text) over the size an import reads. */
  booking_file_too_large: 413,
  /** A PDF locked with a password. */
  booking_pdf_encrypted: 400,
  /** Read, but no booking in it. */
  booking_nothing_found: 422,
  /** A booking outside the trip's days, confirmed without extending the trip. */
  booking_outside_trip: 400,
  /** A reservation with no day to put it on (the preview asks for one). */
  booking_date_missing: 400,
  /** A stay whose place could not be found on the map (no coordinates, an address the gazetteer does not know). */
  booking_place_unknown: 400,
  /** A document (or a waiting mail) that is not this trip's. */
  booking_document_not_found: 404,
  // money (issue 35, decision 0069)
  /** An amount that is not a plain positive decimal ("12.50"), or zero where one is needed. */
  bad_amount: 400,
  /** Not an ISO 4217 currency. */
  unknown_currency: 400,
  /** More decimals than the currency has ("12.345" euros, "1.5" yen). */
  amount_too_precise: 400,
  /** Exact shares that do not add up to the amount. */
  split_does_not_add_up: 400,
  /** Payers' amounts that do not add up to the amount. */
  paid_does_not_add_up: 400,
  /** A share that is not a whole number from 0 to 1,000, or every share zero. */
  bad_share: 400,
  payer_required: 400,
  /** A payer or a sharer who is none of the trip's people (nor one of its participants). */
  not_on_trip: 400,
  /** A rate typed by hand that is not a positive decimal. */
  bad_rate: 400,
  /** No rate for that day and currency is known, and the rates provider cannot be reached now. */
  rate_unavailable: 503,
  /** The expense or the budget changed since the caller read it (its `basedOn`): nothing is written; read it again. */
  money_changed_meanwhile: 409,
  expense_not_found: 404,
  /** An expense's date more than a year before the trip or more than 60 days after it. */
  expense_date_out_of_range: 400,
  too_many_expenses: 400,
  /** The home currency cannot change once transfers were marked paid in it (settled stays settled). */
  home_currency_has_settlements: 409,
  // legs of a day (issue 36, decision 0071)
  /** A travel mode that is not walk, drive, bike or transit (or none given). */
  unknown_travel_mode: 400,
  // the account's settings (issue 36 point 3)
  /** A longest day that is not a whole number of hours from 4 to 20 (PUT /api/account/settings `dayLimitHours`). */
  bad_day_limit: 400,
  // a day's order applied (issue 36 point 4, decision 0074)
  /** The order sent is not the day's activities rearranged (one missing, one added, one twice). */
  day_order_mismatch: 400,
  /** The day's order is not the one the caller saw (`before`): someone changed it meanwhile; nothing is written. */
  day_changed_meanwhile: 409,
  // living copies (issue 37, decision 0075)
  /** The trip is not a copy of another: it has no original to take updates from. */
  not_a_copy: 404,
  /** A copy made before copies kept their original's updates: nothing to compare it with. */
  copy_not_tracked: 404,
  /** The original changed since the updates the pull was chosen from (`version`): nothing applied; read them again. */
  upstream_changed: 409,
  /** A change id the copy's updates do not list (made up, another trip's, or already taken): nothing applied. */
  unknown_change: 400,
  /** The original was deleted, or the copy's owner may no longer view it: there is nothing to take from it. */
  origin_removed: 409,
  /** No pull to take back (none yet, or the last one was already undone). */
  nothing_to_undo: 409,
  /** The copy was edited after the last pull: undoing it would lose that edit, so nothing is written. */
  copy_changed_since_pull: 409,
  /** A push names a trip that is not one of the template's copies (as GET copies lists them): nothing pushed. */
  unknown_copy: 400,
  // a lost database (issue 31 point 2; decision 0051)
  /** The database cannot be reached now (restarting, unreachable): try again after Retry-After seconds. */
  database_unavailable: 503,
} as const;

export type ServerMassageCode = keyof typeof SERVER_CODES;

export const isServerCode = (value: unknown): value is ServerMassageCode =>
  typeof value === 'string' && Object.hasOwn(SERVER_CODES, value);

/** Sign-in result codes of app_login (001 §8: "Codes 1 to 5"). */
export const LOGIN_CODES = {
  worked: 1,
  failed: 2,
  userNotRegistered: 3,
  wrongPassword: 4,
  alreadyRegistered: 5,
} as const;
export type LoginCode = (typeof LOGIN_CODES)[keyof typeof LOGIN_CODES];

/** The success spelling older clients also accept ("secsses"); we always answer "success". */
export const SUCCESS_ALIASES = ['success', 'secsses'] as const;
