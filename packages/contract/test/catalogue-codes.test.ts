import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every code of the spec's three error catalogues (000 §8, 001 §8, 002 §8) is produced somewhere: answered by the
 * server (or written by the contract's rules), or raised by the web app where the client detects the situation
 * itself (a Facebook in-app browser, a PDF asked for with no trip loaded). A code nothing produces is either listed
 * below as deliberately unused, with the reason, or a hole this test reports. The list is kept honest both ways: a
 * code listed as unused that something does produce fails too.
 *
 * "Produced" means the code appears as a string literal ('code', "code" or `code`, or a locale key ending in it) in the sources of the server, the
 * contract or the web app: the codes table (codes.ts) and the locale files only name codes, they produce none.
 */
const CATALOGUES: Record<string, readonly string[]> = {
  '000 §8': [
    'uesr_is_not_authorize_to_edit_this_ride',
    'day_not_in_trip_range',
    'rideHaveOrderedAccommodation',
    'scroll_down_to_see_the_added_day',
    'unbooked_accommodation_info',
    'day_activities_moved_successfully',
    'user_does_not_have_permission_to_this_private_ride',
    'you_Are_having_double_booking',
    'date_are_not_in_range',
    'fail_to_update_accommodation',
    'error_no_access_to_attraction',
    'atraction_text_box_is_not_empty',
    'ride_reset_success',
    'ride_reset_error',
    'uesr_copyed_new_ride',
    'ride_data_not_loaded',
    'pdf_generated_successfully',
    'pdf_generation_failed',
    'pdf_generation_warning',
    'user_is_not_authorized',
    'api_call_failed',
  ],
  '001 §8': [
    'account_exists_with_different_credential',
    'email_is_not_baind_to_this_acount',
    'google_oauth_user',
    'userLoggedInSuccessfully',
    'not_supporting_FB_or_instagram_browsers',
    'password_reset_email_sent',
    'password_reset_failed',
    'password_reset_success',
    'password_reset_failed_user_is_not_registered',
    'invalid_reset_token',
    'password_too_short',
    'passwords_dont_match',
    'invalid_email_spaces',
    'invalid_email_format',
    'contact_form_success',
    'contact_form_error',
    'name_required',
    'message_required',
    'the_private_link_is_not_valide',
    'fail_to_add_user_to_ride_privacy',
    'this_user_is_alrady_assign_to_this_ride',
    'ritch_to_ride_limitation',
    'error_ride_is_not_from_subdomain',
    'error_ride_is_not_from_the_right_user',
    'please_use_auto_compleate',
    'waiting_to_get_image_info',
    'waiting_to_get_image_info_without_gps_information',
    'all_images_dates_are_empty',
    'all_images_without_metadata',
    'limiting_the_trip_duration',
  ],
  // 002 §8 repeats codes of the two above (reset, contact, PDF, sign-in) and adds no new one.
  '002 §8': [
    'password_too_short',
    'passwords_dont_match',
    'invalid_reset_token',
    'password_reset_email_sent',
    'password_reset_failed',
    'password_reset_success',
    'password_reset_failed_user_is_not_registered',
    'google_oauth_user',
    'contact_form_success',
    'contact_form_error',
    'not_supporting_FB_or_instagram_browsers',
    'user_is_not_authorized',
    'api_call_failed',
    'ride_data_not_loaded',
    'pdf_generation_warning',
    'pdf_generated_successfully',
    'pdf_generation_failed',
  ],
};

/** Codes of the catalogues that nothing produces, on purpose: why, and what the user meets instead. */
const DELIBERATELY_UNUSED: Record<string, string> = {
  password_reset_failed:
    'the reset mail is sent after the answer has left (decision 0006: the time of the answer must not tell a known address from an unknown one), so its failure cannot be answered; it is logged and the user asks again',
  waiting_to_get_image_info:
    'the photo flow (issue 20) reads each photo in well under a second, so there is no 30-second wait to announce; its progress is "n of total"',
  waiting_to_get_image_info_without_gps_information: 'as waiting_to_get_image_info (issue 20)',
};

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps/server/src', 'packages/contract/src', 'apps/web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && e.name !== 'codes.ts')
    .map((e) => join(e.parentPath, e.name));
}

const sources = SOURCES.flatMap(sourceFiles).map((file) => readFileSync(file, 'utf8'));
const produced = (code: string) => {
  // The web names some codes inside their locale group ('tripEditing.accommodation.unbooked_accommodation_info').
  const literal = new RegExp(`['"\`]([\\w-]+\\.)*${code}['"\`]`);
  return sources.some((text) => literal.test(text));
};

const catalogued = [...new Set(Object.values(CATALOGUES).flat())].sort();

describe("the spec's error catalogues", () => {
  it('reads the sources (the scan finds the codes the server is known to answer)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(produced('uesr_is_not_authorize_to_edit_this_ride')).toBe(true);
    expect(produced('no_such_code_anywhere')).toBe(false);
  });

  it('lists only catalogue codes as deliberately unused', () => {
    expect(Object.keys(DELIBERATELY_UNUSED).filter((code) => !catalogued.includes(code))).toEqual([]);
  });

  it.each(catalogued)('%s is produced, or documented as deliberately unused', (code) => {
    if (code in DELIBERATELY_UNUSED) {
      expect(
        produced(code),
        `${code} is listed as unused but something produces it: take it off the list`,
      ).toBe(false);
    } else {
      expect(
        produced(code),
        `${code}: nothing produces it; produce it where the spec says, or list it with the reason`,
      ).toBe(true);
    }
  });
});
