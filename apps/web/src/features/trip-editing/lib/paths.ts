/** 001 §2 "Extra information form": the trip's general information and its day notes. */
export const extraInformationPath = (rideId: number) => `/ride_extra_information/${rideId}`;
