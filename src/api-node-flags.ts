/**
 * The V8 flags every API process runs with, wherever it is started (`npm start`, `npm run start:api`,
 * the benchmarks; cluster processes inherit them).
 *
 * A 64 MB young generation (V8's default is 16 MB): a scan allocates a few hundred kilobytes that
 * die with its request, and at 600 scans/s a 16 MB semi-space was scavenged every ~120 ms, promoting
 * about 1 MB each time into an old generation that then needed a mark-compact every 3–6 s, whose
 * background marking competed with the request thread for the two cores. Alternated runs of
 * `npm run bench:scans` measured the API's CPU per scan 3–4 % lower and the p99 lower in each of three
 * pairs (docs/performance.md). It costs up to 96 MB more of reserved memory per API process. The
 * matching benchmark runs with these flags too (`npm run bench:matching`), since it stands for the
 * matcher inside an API process: at a million names, once a search allocated half what it did, its p99
 * was lower with them than without in three alternated pairs (docs/decisions/0017-matching-at-a-million-names.md).
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
