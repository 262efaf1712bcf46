/**
 * The V8 flags every API process runs with, wherever it is started (`npm start`, `npm run start:api`,
 * the benchmarks; cluster processes inherit them).
 *
 * A 32 MB semi-space (V8's default is 16 MB): a scan allocates a few hundred kilobytes that die with
 * its request, and at 600 scans/s a 16 MB semi-space was scavenged every ~120 ms, promoting about 1 MB
 * each time into an old generation that then needed a mark-compact every 3–6 s, whose background
 * marking competed with the request thread for the two cores. 64 MB measured the API's CPU per scan
 * 3–4 % lower than 16 MB (docs/performance.md), but reserved up to 96 MB more per process, which put an
 * API process with the real lists at 409–412 MB against its 400 MB budget (issue 51). At 32 MB it was
 * 354 MB (`bench:rebuild`), and two alternated pairs of `bench:scans` against 64 MB could not tell
 * their CPU per scan apart (4.70 and 4.32 against 4.39 and 4.40 generator units). The matching
 * benchmark runs with these flags too (`npm run bench:matching`), since it stands for the matcher
 * inside an API process (docs/decisions/0017-matching-at-a-million-names.md).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
