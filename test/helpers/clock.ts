/** Rate limits count per UTC minute; a test that counts requests waits until enough of a minute is left. */
export async function withinOneMinuteWindow(secondsNeeded = 15): Promise<void> {
  const left = 60 - (Date.now() / 1000) % 60;
  if (left < secondsNeeded) await new Promise((r) => setTimeout(r, left * 1000 + 50));
}
