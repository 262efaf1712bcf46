/**
 * Every number the abuse monitor judges agent-job traffic by, each with the reason it has that value
 * and the honest traffic it must leave alone. A finding sends the wallet to the verification-bond flow
 * (not a ban), so these lean towards missing a timid abuser rather than bonding an honest buyer.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How far back before `now` the rules look. Every pattern below completes within a day, but a review
 * missed for days (a worker down) must still see the whole burst, so a week; anything older was
 * reviewed when it was recent.
 */
export const ABUSE_LOOKBACK_MS = 7 * 24 * HOUR_MS;

/**
 * A single agent job paying this many USDC or more gets manual review (only AUSTRAC eligibility,
 * priced 40 to 75, can reach it). A buyer that wants to stay out of review while moving more money
 * pays just under it, again and again: the classic structuring shape.
 */
export const REVIEW_THRESHOLD_USDC = 50;

/**
 * Round amounts a scripted buyer may treat as a limit to keep each payment under (its own spending
 * cap, or a guess at ours). A threshold only counts for a service whose price range holds it strictly
 * inside: a service's own minimum or maximum price is what honest buyers pay, not a line they dodge.
 */
export const ROUND_AMOUNTS_USDC: readonly number[] = [10, 20, 25, 50];

/**
 * "Just below" a threshold means from 95% of it up to, not including, the threshold (9.50 to 9.99 under
 * 10, 47.50 to 49.99 under 50). Scripted buyers shave cents or a dollar or two; honest buyers pay a
 * list price (a range end) or a round amount, which are never in the band.
 */
export const STRUCTURING_BAND_FRACTION = 0.05;

/**
 * How many jobs just below one threshold, within {@link STRUCTURING_WINDOW_MS}, make structuring.
 * Six such jobs move more than five times the threshold in pieces that each stay under it. Fewer is a
 * buyer trying a price once or twice, or a handful of jobs we should not bond anyone for.
 */
export const STRUCTURING_MIN_JOBS = 6;

/**
 * The window those jobs must fall in: one day, the span over which a reviewer would add the pieces up.
 * The same amounts spread over days are a buyer with an odd but steady price, not splitting.
 */
export const STRUCTURING_WINDOW_MS = 24 * HOUR_MS;

/**
 * A run of jobs for one service breaks when two consecutive ones are further apart than this. Scripts
 * fire back to back; a person or agent working through its own cases leaves hours or days between
 * them, so runs spread over days never form.
 */
export const ENUMERATION_MAX_GAP_MS = 15 * MINUTE_MS;

/**
 * Distinct names in sorted order (either direction, case- and accent-insensitive) that make an
 * alphabetical run. Unrelated names fall in sorted order by chance with probability 2/10! (about 1 in
 * 1.8 million per starting job); with 8 it would be 2/8! (1 in 20,160), which a busy honest wallet
 * sending a few thousand jobs would hit now and then. An enumerator walking a list alphabetically
 * sends hundreds, so ten costs no detection. Honest buyers screening their own client list in
 * sorted order do trip it; the batch screening API is the way for them, and the bond clears them.
 */
export const ALPHABETICAL_MIN_RUN = 10;

/**
 * Distinct identifiers (ABN, ACN or any integer field) strictly increasing or decreasing, each step
 * at most {@link ORDERED_ID_MAX_STEP}, that make an ordered-identifier run. Order alone has chance 2/8!
 * (1 in 20,160); with the small steps random ABNs practically never qualify (two random ABNs lie
 * within 1,000 of each other about twice in a million). Screening a corporate group whose companies
 * were registered together can give close ACNs; eight of them in number order is already a scan.
 */
export const ORDERED_ID_MIN_RUN = 8;

/**
 * The largest step between consecutive identifiers in an ordered run. Consecutive valid ACNs are 10
 * apart on average (one check digit per 8-digit base) and consecutive valid ABNs about 89 (their
 * mod-89 checksum), so a scripted walk stays well under 1,000; an ABN is compared by its last nine
 * digits, since its two leading check digits jump between neighbours.
 */
export const ORDERED_ID_MAX_STEP = 1000;

/**
 * Distinct near-identical payloads in a run that make matcher probing. An analyst checking the
 * spellings of one name does send a few (Muhammad has about six common romanisations); ten in one
 * burst is someone mapping where the fuzzy matcher stops matching.
 */
export const NEAR_IDENTICAL_MIN_RUN = 10;

/**
 * Two payloads are near-identical when they differ only in text fields, by at most this many edits
 * in all (insert, delete, substitute or swap two neighbours): "a character or two". Names that
 * differ more are different people, and a retry (no edit) is not probing.
 */
export const NEAR_IDENTICAL_MAX_EDITS = 2;

/**
 * Payload fields (by their last path segment) that page or slice a feed. Walking through the pages
 * or days of the AusTender feed in order is what the feed is for, so these never make or join a run.
 */
export const ENUMERATION_EXEMPT_FIELDS: readonly string[] = ['offset', 'limit', 'from', 'to', 'min_value', 'max_value'];
