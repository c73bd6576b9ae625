// The one source of "now" for quota windows, so tests can move time.
export const clock = {
  now: (): Date => new Date(),
};
