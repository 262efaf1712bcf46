/**
 * Where the per-minute limits read the time: the system clock in production. The limits count per UTC
 * minute, so a test that counts requests up to a limit would otherwise have to wait for enough of a
 * minute to be left; tests hand the app a clock they hold still and move on purpose instead.
 */
export type WindowClock = () => number;

export const systemClock: WindowClock = () => Date.now();
