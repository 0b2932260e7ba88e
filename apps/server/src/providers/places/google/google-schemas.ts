import { z } from 'zod';

/**
 * The parts of Google's Places API (New) answers we read (https://developers.google.com/maps/documentation/places/web-service/reference/rest/v1/places).
 * Everything optional that Google may leave out; unknown fields are dropped.
 */
const localizedText = z.object({ text: z.string(), languageCode: z.string().optional() });

const authorAttribution = z.object({
  displayName: z.string().optional(),
  uri: z.string().optional(),
  photoUri: z.string().optional(),
});

export const googlePhoto = z.object({
  name: z.string(),
  widthPx: z.number().optional(),
  heightPx: z.number().optional(),
  authorAttributions: z.array(authorAttribution).optional(),
});
export type GooglePhoto = z.infer<typeof googlePhoto>;

/** A point of the week in an opening period: day 0 is Sunday. */
const googlePoint = z.object({
  day: z.number().optional(),
  hour: z.number().optional(),
  minute: z.number().optional(),
});

export const googlePlace = z.object({
  id: z.string(),
  displayName: localizedText.optional(),
  formattedAddress: z.string().optional(),
  shortFormattedAddress: z.string().optional(),
  addressComponents: z
    .array(
      z.object({
        longText: z.string().optional(),
        shortText: z.string().optional(),
        types: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  rating: z.number().optional(),
  userRatingCount: z.number().optional(),
  websiteUri: z.string().optional(),
  googleMapsUri: z.string().optional(),
  regularOpeningHours: z
    .object({
      weekdayDescriptions: z.array(z.string()).optional(),
      periods: z.array(z.object({ open: googlePoint.optional(), close: googlePoint.optional() })).optional(),
    })
    .optional(),
  reviews: z
    .array(
      z.object({
        rating: z.number().optional(),
        text: localizedText.optional(),
        originalText: localizedText.optional(),
        authorAttribution: authorAttribution.optional(),
      }),
    )
    .optional(),
  photos: z.array(googlePhoto).optional(),
  types: z.array(z.string()).optional(),
  primaryType: z.string().optional(),
  editorialSummary: localizedText.optional(),
});
export type GooglePlace = z.infer<typeof googlePlace>;

export const autocompleteAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: localizedText.optional(),
            structuredFormat: z
              .object({ mainText: localizedText, secondaryText: localizedText.optional() })
              .optional(),
            types: z.array(z.string()).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

export const nearbyAnswer = z.object({ places: z.array(googlePlace).optional() });

export const photoMediaAnswer = z.object({ name: z.string().optional(), photoUri: z.string() });
