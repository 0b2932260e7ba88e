/** YYYY-MM-DD as the day header's DD/MM/YYYY (000 §2 "the date is shown as DD/MM/YYYY"). */
export const isoToDayHeader = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
