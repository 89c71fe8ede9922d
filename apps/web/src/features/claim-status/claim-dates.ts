/** An ISO instant as a date in the claimant's culture, in the case's time zone. */
export function formatClaimDate(iso: string, culture: string, timeZone: string): string {
  return new Intl.DateTimeFormat(culture, { dateStyle: 'long', timeZone }).format(new Date(iso));
}
